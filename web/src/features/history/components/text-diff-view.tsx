import { Box } from '@mantine/core';
import { useMemo } from 'react';
import { diffText } from '../model/text-diff';
import classes from './history.module.css';

/** Two texts as one, removed words struck through in red and added ones underlined in green. */
export function TextDiffView({ before, after, label }: { before: string; after: string; label: string }) {
  const parts = useMemo(() => diffText(before, after), [before, after]);
  return (
    <Box className={classes.textDiff} aria-label={`${label}: changes to the text`} role="group">
      {parts.map((part, index) =>
        part.kind === 'same' ? (
          <span key={index}>{part.text}</span>
        ) : part.kind === 'removed' ? (
          <del key={index} className={classes.removed} aria-label={`removed: ${part.text.trim()}`}>
            {part.text}
          </del>
        ) : (
          <ins key={index} className={classes.added} aria-label={`added: ${part.text.trim()}`}>
            {part.text}
          </ins>
        ),
      )}
    </Box>
  );
}
