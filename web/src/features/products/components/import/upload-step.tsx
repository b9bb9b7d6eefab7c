import { CSV_FILE_EXTENSIONS, IMPORT_MESSAGES, WORKBOOK_TYPE } from '@bosun/shared';
import { Alert, Button, FileButton, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../../../components/ui/notify';
import { downloadImportTemplate } from '../../api/download-import-template';

/** What the file picker offers: the extensions the server takes, CSV by type, and Excel workbooks. */
const CSV_ACCEPT = [...CSV_FILE_EXTENSIONS, 'text/csv', '.xlsx', WORKBOOK_TYPE].join(',');

interface Props {
  error: string | null;
  reading: boolean;
  onFile: (file: File) => void;
}

/** Step 1: choose a CSV file or an Excel workbook, or get the template. */
export function UploadStep({ error, reading, onFile }: Props) {
  const [downloading, setDownloading] = useState(false);
  const downloadTemplate = async () => {
    setDownloading(true);
    try {
      await downloadImportTemplate();
      notify.success(IMPORT_MESSAGES.templateOk);
    } catch (err) {
      notify.error(IMPORT_MESSAGES.templateFailed(err instanceof Error ? err.message : String(err)));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack align="center" gap="md" py="lg">
      <ThemeIcon size={64} radius="xl" variant="light">
        <IconFileSpreadsheet size={36} />
      </ThemeIcon>
      <Text ta="center" maw={480}>
        Choose a CSV file of products (comma, semicolon or tab separated; UTF-8 or Windows-1252) or an Excel workbook (.xlsx). The
        next step maps its columns to product fields.
      </Text>
      <Group>
        <FileButton onChange={(file) => file && onFile(file)} accept={CSV_ACCEPT}>
          {(props) => (
            <Button {...props} leftSection={<IconUpload size={16} />} loading={reading}>
              Choose CSV File
            </Button>
          )}
        </FileButton>
        <Button variant="default" leftSection={<IconDownload size={16} />} loading={downloading} onClick={downloadTemplate}>
          Download Template
        </Button>
      </Group>
      {error && (
        <Alert color="red" variant="light" w="100%">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
