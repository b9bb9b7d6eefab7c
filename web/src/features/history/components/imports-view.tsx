import type { ImportRun } from '@bosun/shared';
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconDownload, IconHistory, IconX } from '@tabler/icons-react';
import { Fragment, useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ContentLoader } from '../../../components/ui/loaders';
import { useIsPhone } from '../../../components/ui/use-is-phone';
import { notify } from '../../../components/ui/notify';
import { TruncatedText } from '../../../components/ui/truncated-text';
import { errorMessage } from '../../../lib/api-errors';
import { useDownloadRowsNotImported } from '../api/download-rows-not-imported';
import { useImports } from '../api/get-imports';
import { useUndoActions } from '../hooks/use-undo-actions';
import { IMPORT_STATUS_BADGES, importDuration, importModeLabel, importModeName } from '../model/import-run-format';
import { ChangeTime } from './change-time';
import { HeldRunPanel } from './held-run-panel';
import { SimplePager } from './simple-pager';
import { HistoryPageHeader } from './history-page-header';
import { formatCount } from '../../../lib/format';

const PAGE_SIZE = 20;

/** The profile of /imports?profileId=N; anything but a whole number above 0 shows every import. */
function profileIdOf(params: URLSearchParams): number | undefined {
  const text = params.get('profileId');
  const id = text === null ? NaN : Number(text);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** Where a profile's runs are listed: the Imports page narrowed to it (an import of it marked, when given). */
export const profileImportsPath = (profileId: number, importId?: number) => `/imports?profileId=${profileId}${importId === undefined ? '' : `#import-${importId}`}`;

/**
 * /imports: every import with who, when, the file, vendor, mode, counts, duration and status; 'Undo
 * import'. /imports?profileId=N lists one import profile's runs (a feed's history).
 */
export function ImportsView() {
  const [searchParams, setSearchParams] = useSearchParams();
  const profileId = profileIdOf(searchParams);
  // The page is kept with the profile it was turned for: another profile, or every import again,
  // starts at the first page in the same render (an effect would first ask for the old page).
  const [paging, setPaging] = useState({ profileId, page: 1 });
  const page = paging.profileId === profileId ? paging.page : 1;
  const setPage = (next: number) => setPaging({ profileId, page: next });
  const imports = useImports({ page, limit: PAGE_SIZE, ...(profileId !== undefined ? { profileId } : {}) });
  const { openUndoDialog } = useUndoActions();
  const download = useDownloadRowsNotImported();
  const phone = useIsPhone();
  // 'Import #12' in a product's history links here as /imports#import-12: that import is shown and marked.
  const { hash } = useLocation();
  const loaded = imports.data !== undefined;
  useEffect(() => {
    if (loaded && hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'center' });
  }, [loaded, hash]);
  const rowProps = (run: ImportRun): ImportRowProps => ({
    run,
    marked: hash === `#import-${run.id}`,
    onUndo: (changeId) => openUndoDialog(changeId, `Undo import #${run.id} (${run.fileName})`),
    downloading: download.isPending && download.variables === run.id,
    onDownload: () =>
      download.mutate(run.id, {
        onSuccess: (fileName) => notify.success(`Downloaded ${fileName}`),
        onError: (error) => notify.error(errorMessage(error, `Error downloading the rows not imported of import #${run.id}`)),
      }),
  });

  return (
    <Stack gap="md">
      <HistoryPageHeader
        title="Imports"
        description="Running imports first, then every import by when it ended, newest first. Undo import deletes the products it created and puts back the fields it changed."
        link={{ to: '/changes', label: 'Recent changes', icon: <IconHistory size={16} /> }}
      />
      <Anchor component={Link} to="/imports/profiles" size="sm">
        Import profiles: each vendor's saved mappings and feed rules
      </Anchor>
      {profileId !== undefined && (
        <Group gap="xs" role="group" aria-label="Imports shown">
          <Badge variant="light" size="lg" tt="none">
            Runs of profile {imports.data?.imports.find((run) => run.profileId === profileId)?.profileName ?? `#${profileId}`}
          </Badge>
          <Button variant="subtle" size="compact-sm" leftSection={<IconX size={14} />} onClick={() => setSearchParams({})}>
            Show every import
          </Button>
        </Group>
      )}
      {imports.isPending ? (
        <ContentLoader label="Loading imports" />
      ) : imports.isError ? (
        <Alert color="red">{errorMessage(imports.error, 'Error loading the imports')}</Alert>
      ) : imports.data.imports.length === 0 ? (
        <Card withBorder>
          <Text c="dimmed">
            {profileId !== undefined ? 'This import profile has no runs yet.' : 'No imports yet. Import a CSV or Excel file from the Products screen.'}
          </Text>
        </Card>
      ) : (
        <Stack gap="sm">
          {phone ? (
            imports.data.imports.map((run) => <ImportCard key={run.id} {...rowProps(run)} />)
          ) : (
            <Card withBorder padding={0}>
              <Table.ScrollContainer minWidth={860}>
                <Table verticalSpacing="sm" highlightOnHover aria-label="Imports">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Import, vendor</Table.Th>
                      <Table.Th>Who</Table.Th>
                      <Table.Th>Mode</Table.Th>
                      <Table.Th>Rows</Table.Th>
                      <Table.Th>Duration</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th aria-label="Actions" />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {imports.data.imports.map((run) => (
                      <Fragment key={run.id}>
                        <ImportRow {...rowProps(run)} />
                        {run.status === 'held' && run.held && (
                          <Table.Tr aria-label={`Held import #${run.id}, what to do`}>
                            <Table.Td colSpan={7} pt={0}>
                              <HeldRunPanel run={run} held={run.held} />
                            </Table.Td>
                          </Table.Tr>
                        )}
                      </Fragment>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
          )}
        </Stack>
      )}
      {imports.data && imports.data.pagination.pages > 1 && (
        <SimplePager page={page} pages={imports.data.pagination.pages} total={imports.data.pagination.total} onPageChange={setPage} />
      )}
    </Stack>
  );
}

interface ImportRowProps {
  run: ImportRun;
  /** The import a link pointed at. */
  marked: boolean;
  onUndo: (changeId: number) => void;
  /** Its rows not imported are being fetched. */
  downloading: boolean;
  onDownload: () => void;
}

const who = (run: ImportRun) => run.userName ?? (run.userId === null ? '—' : `User #${run.userId}`);
const vendorOf = (run: ImportRun) => run.vendorName ?? (run.vendorId === null ? 'No vendor' : `Vendor #${run.vendorId}`);

function RowCounts({ run }: { run: ImportRun }) {
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        <Text span c="teal">
          {formatCount(run.created)} created
        </Text>
        {' · '}
        <Text span c="blue">
          {formatCount(run.updated)} updated
        </Text>
      </Text>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        <Text span c="dimmed">
          {formatCount(run.skipped)} skipped
        </Text>
        {' · '}
        <Text span c={run.errorCount > 0 ? 'red' : 'dimmed'}>
          {formatCount(run.errorCount)} failed
        </Text>
      </Text>
    </Stack>
  );
}

function ImportStatus({ run, undone }: { run: ImportRun; undone: boolean }) {
  const status = IMPORT_STATUS_BADGES[run.status];
  // The badge's label is never cut: a phone's card shrank it beside a long file name to 'Compl…'
  // (issue 24); uncut, its width holds and the file name gives way.
  return (
    <Stack gap={4} align="flex-start">
      <Group gap={4} wrap="nowrap">
        <Tooltip label={run.message ?? status.label} disabled={!run.message}>
          <Badge color={status.color} variant="light" style={{ flexShrink: 0, overflow: 'visible' }} styles={{ label: { overflow: 'visible' } }}>
            {status.label}
          </Badge>
        </Tooltip>
        {undone && (
          <Badge color="gray" variant="filled">
            Undone
          </Badge>
        )}
      </Group>
      {/* A feed run its dry run held, that staff then applied (issue 22). */}
      {run.held && (run.status === 'complete' || run.status === 'failed' || run.status === 'running' || run.status === 'stopped') && (
        <Tooltip label={`Held at the dry run: ${run.held.reason}`} multiline maw={320}>
          <Text size="xs" c="yellow.9" style={{ whiteSpace: 'nowrap' }}>
            Applied after hold
          </Text>
        </Tooltip>
      )}
    </Stack>
  );
}

function ImportName({ run, vendor }: { run: ImportRun; vendor?: string }) {
  return (
    <>
      <Text size="sm" fw={500} maw={260} component="div">
        <TruncatedText full={run.fileName}>{run.fileName}</TruncatedText>
      </Text>
      <Text size="xs" c="dimmed" maw={260} truncate>
        Import #{run.id}
        {vendor !== undefined && ` · ${vendor}`}
      </Text>
      {/* The import profile it ran with (issue 22); a deleted profile leaves only its id. */}
      {run.profileId !== null && (
        <Text size="xs" c="dimmed" maw={260} truncate aria-label="Import profile">
          Profile:{' '}
          <Anchor component={Link} to={profileImportsPath(run.profileId)} size="xs">
            {run.profileName ?? `#${run.profileId} (deleted)`}
          </Anchor>
        </Text>
      )}
    </>
  );
}

function ImportRow(props: ImportRowProps) {
  const { run } = props;
  const undone = run.undoneByChangeId !== null;
  return (
    <Table.Tr id={`import-${run.id}`} bg={props.marked ? 'var(--mantine-color-yellow-0)' : undefined} aria-current={props.marked || undefined}>
      <Table.Td>
        <ImportName run={run} vendor={vendorOf(run)} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{who(run)}</Text>
        <ChangeTime at={run.startedAt} size="xs" />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{importModeName(run)}</Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {run.updateMode ? 'update existing' : 'new only'}
        </Text>
      </Table.Td>
      <Table.Td>
        <RowCounts run={run} />
        {/* Under the failed count it explains, in the column's width: the full label would push the table past a laptop's. */}
        <DownloadRowsButton {...props} align="flex-start" short />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{importDuration(run)}</Table.Td>
      <Table.Td miw={110}>
        <ImportStatus run={run} undone={undone} />
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        <UndoImportButton {...props} undone={undone} />
      </Table.Td>
    </Table.Tr>
  );
}

/** An import on a phone: the row's cells stacked in a card. */
function ImportCard(props: ImportRowProps) {
  const { run } = props;
  const undone = run.undoneByChangeId !== null;
  return (
    <Card
      withBorder
      padding="sm"
      component="article"
      aria-label={`Import #${run.id}`}
      id={`import-${run.id}`}
      bg={props.marked ? 'var(--mantine-color-yellow-0)' : undefined}
      aria-current={props.marked || undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <ImportName run={run} />
          </div>
          <ImportStatus run={run} undone={undone} />
        </Group>
        <Group gap="xs">
          <Text size="sm">{who(run)}</Text>
          <ChangeTime at={run.startedAt} />
          <Text size="sm" c="dimmed">
            {importDuration(run)}
          </Text>
        </Group>
        <Text size="sm">
          {vendorOf(run)} · {importModeLabel(run)}
        </Text>
        <Group justify="space-between" align="flex-end">
          <RowCounts run={run} />
          <UndoImportButton {...props} undone={undone} />
        </Group>
        <DownloadRowsButton {...props} align="flex-end" />
        {run.status === 'held' && run.held && <HeldRunPanel run={run} held={run.held} />}
      </Stack>
    </Card>
  );
}

/** Only a finished import that wrote something can be undone, once. */
function UndoImportButton({ run, undone, onUndo }: Pick<ImportRowProps, 'run' | 'onUndo'> & { undone: boolean }) {
  if (run.status !== 'complete') return null;
  const { changeId } = run;
  const why = undone ? 'Undone already' : changeId === null ? 'This import changed no products' : null;
  const button = (
    <Button
      size="xs"
      variant="light"
      color="orange"
      leftSection={<IconArrowBackUp size={14} />}
      disabled={why !== null}
      onClick={() => changeId !== null && onUndo(changeId)}
      aria-label={`Undo import #${run.id}`}
    >
      Undo import
    </Button>
  );
  return why ? (
    <Tooltip label={why}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}

/** The import's failed and skipped rows, the file its results step offered, again: only where it kept some. */
function DownloadRowsButton(props: Pick<ImportRowProps, 'run' | 'downloading' | 'onDownload'> & { align: 'flex-start' | 'flex-end'; short?: boolean }) {
  const { run, downloading, onDownload, align, short = false } = props;
  if (run.rowsNotImported === 0) return null;
  const label = `Download rows not imported (${formatCount(run.rowsNotImported)})`;
  // The icon says 'download' where the words do not fit; the accessible name always does.
  const text = short ? `Rows not imported (${formatCount(run.rowsNotImported)})` : label;
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      color={run.errorCount > 0 ? 'red' : 'gray'}
      mt={4}
      leftSection={<IconDownload size={14} />}
      loading={downloading}
      onClick={onDownload}
      aria-label={`${label}, import #${run.id}`}
      style={{ alignSelf: align }}
    >
      {text}
    </Button>
  );
}
