import {
  DEFAULT_IMPORT_MODE,
  IMPORT_MESSAGES,
  isWorkbookFileName,
  type BadOptionalValues,
  type FieldMapping,
  type ImportCompleteEvent,
  type ImportMode,
  type ImportPreviewResponse,
  type ImportProgressEvent,
} from '@bosun/shared';
import { Box } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { notify } from '../../../../components/ui/notify';
import { useIsPhone } from '../../../../components/ui/use-is-phone';
import { productListQueryKey } from '../../api/get-products';
import { useImportFields } from '../../api/get-import-fields';
import { useVendorOptions, vendorOptionsQueryOptions } from '../../api/get-vendor-options';
import { previewImport, type ImportUpload } from '../../api/preview-import';
import { readWorkbook } from '../../api/read-workbook';
import { runImport } from '../../api/run-import';
import { useCurrency } from '../../../settings';
import { RulesFields } from '../../../import-profiles';
import { CreateVendorModal } from './create-vendor-modal';
import { DryRunChangesSummary } from './dry-run-changes';
import { MISSING_CONFIRMATION_REQUIRED, needsMissingConfirmation } from './dry-run-summary';
import { DEFAULT_RUN_RULES, formatMismatch, type RunRules } from './import-profile-choice';
import { ProfilePicker } from './profile-picker';
import { SaveProfile } from './save-profile';
import { useWizardProfile, type AppliedProfile } from './use-wizard-profile';
import { isCsvFile, readCsvHeaders } from './csv-header';
import { fieldKeysOf, initialMapping, loadRememberedMapping, rememberMapping, sanitiseMapping } from './field-mapping';
import { ImportProgressOverlay } from './import-progress';
import { MappingStep, rememberedMappingNotice } from './mapping-step';
import { PreviewStep } from './preview-step';
import { ResultsStep } from './results-step';
import { SheetPicker } from './sheet-picker';
import { UploadStep } from './upload-step';
import { VendorField } from './vendor-field';
import { WizardSteps } from './wizard-steps';
import type { VendorChoices } from './vendor-options';
import { Dialog } from '../../../../components/ui/dialog';

type Step = 1 | 2 | 3 | 4 | 5;

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Whether the vendor names may be read (the products or the vendors permission). */
  vendorsAvailable: boolean;
  /** Whether '+' may create a vendor (the vendors permission). */
  canCreateVendor: boolean;
}

/** Choices a preview runs with before the state holds them (the one just changed). */
interface PreviewInputs {
  run?: RunRules;
  choices?: VendorChoices;
  vendor?: number | null;
  bad?: BadOptionalValues;
  fieldMapping?: FieldMapping;
}

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** The CSV import wizard (SPEC §2): upload, mapping, preview, import with progress, results. */
export function ImportWizard({ opened, onClose, vendorsAvailable, canCreateVendor }: Props) {
  const queryClient = useQueryClient();
  const phone = useIsPhone();
  const fields = useImportFields({ enabled: opened });
  const vendors = useVendorOptions({ enabled: opened && vendorsAvailable });

  const [step, setStep] = useState<Step>(1);
  const [file, setFile] = useState<File | null>(null);
  const [headers, setHeaders] = useState<string[]>([]);
  /** An Excel workbook's sheets and the one read (null for a CSV file). */
  const [workbook, setWorkbook] = useState<{ sheets: string[]; sheet: string } | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [mapping, setMapping] = useState<FieldMapping>({});
  const [vendorId, setVendorId] = useState<number | null>(null);
  /** Where the current mapping came from when it is a remembered one: the mapping step says so. */
  const [rememberedFrom, setRememberedFrom] = useState<{ vendorId: number; savedAt: string | null } | null>(null);
  const [creatingVendor, setCreatingVendor] = useState(false);
  const [preview, setPreview] = useState<ImportPreviewResponse | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [previewError, setPreviewError] = useState<string | null>(null);
  /** The update mode, the feed rules and whether the file is the vendor's full list (issue 22). */
  const [run, setRun] = useState<RunRules>(DEFAULT_RUN_RULES);
  /** Staff's word that a missing-product share above the limit is meant. */
  const [confirmMissing, setConfirmMissing] = useState(false);
  const [vendorChoices, setVendorChoices] = useState<VendorChoices>({ moveVendors: false, createVendors: false });
  const [badOptionalValues, setBadOptionalValues] = useState<BadOptionalValues>('warn');
  const [mode, setMode] = useState<ImportMode>(DEFAULT_IMPORT_MODE);
  const [importing, setImporting] = useState(false);
  const [progress, setProgress] = useState<ImportProgressEvent | null>(null);
  const [result, setResult] = useState<ImportCompleteEvent | null>(null);
  const abort = useRef<AbortController | null>(null);

  const groups = fields.data;
  const fieldKeys = useMemo(() => (groups ? fieldKeysOf(groups) : null), [groups]);
  const currency = useCurrency();


  // An import still streaming when the wizard goes away is not followed any further.
  useEffect(() => () => abort.current?.abort(), []);

  // The automatic mapping needs both the headers and the server's field list, whichever comes last.
  const mappedFor = useRef<string[] | null>(null);
  useEffect(() => {
    if (!fieldKeys || headers.length === 0 || mappedFor.current === headers) return;
    mappedFor.current = headers;
    const remembered = loadRememberedMapping(vendorId, headers);
    setMapping(initialMapping(headers, fieldKeys, remembered?.mapping ?? null));
    setRememberedFrom(remembered && vendorId !== null ? { vendorId, savedAt: remembered.savedAt } : null);
  }, [fieldKeys, headers, vendorId]);

  // After the remembered mapping's effect: a profile preselected for the same file takes precedence.
  /** A profile's mapping, mode and rules replace the wizard's; on the preview, the dry run reads the file again with them. */
  const applyProfile = (applied: AppliedProfile) => {
    setMapping(applied.mapping);
    setRememberedFrom(null);
    setMode(applied.mode);
    setRun(applied.run);
    if (step === 3 && preview) void runPreview({ fieldMapping: applied.mapping, run: applied.run });
  };
  const profileChoice = useWizardProfile({ opened, vendorId, headers, fieldKeys, fullList: run.fullList, onApply: applyProfile });

  const reset = () => {
    abort.current?.abort();
    abort.current = null;
    mappedFor.current = null;
    setStep(1);
    setFile(null);
    setHeaders([]);
    setWorkbook(null);
    setUploadError(null);
    setReading(false);
    setMapping({});
    setVendorId(null);
    setRememberedFrom(null);
    setPreview(null);
    setPreviewing(false);
    setPreviewError(null);
    setRun(DEFAULT_RUN_RULES);
    setConfirmMissing(false);
    profileChoice.reset();
    setVendorChoices({ moveVendors: false, createVendors: false });
    setBadOptionalValues('warn');
    setMode(DEFAULT_IMPORT_MODE);
    setImporting(false);
    setProgress(null);
    setResult(null);
  };

  const close = () => {
    if (importing) return;
    const imported = result !== null;
    reset();
    onClose();
    if (imported) void queryClient.invalidateQueries({ queryKey: productListQueryKey });
  };

  /** A workbook's header row comes from the server, for its first visible sheet or the chosen one. */
  const readSheet = async (chosen: File, sheet?: string) => {
    const answer = await readWorkbook(chosen, sheet);
    mappedFor.current = null;
    setFile(chosen);
    setWorkbook({ sheets: answer.sheets, sheet: answer.sheet });
    setHeaders(answer.headers);
    setPreview(null);
    setPreviewError(null);
  };

  const chooseSheet = async (sheet: string) => {
    if (!file) return;
    setReading(true);
    try {
      await readSheet(file, sheet);
    } catch (error) {
      notify.error(messageOf(error, IMPORT_MESSAGES.parseFailed));
    } finally {
      setReading(false);
    }
  };

  // The upload's and the field list's failures are shown in their step and nowhere else: a notify
  // would now show inside the dialog too, the same words twice.
  const chooseFile = async (chosen: File) => {
    setUploadError(null);
    if (isWorkbookFileName(chosen.name, chosen.type)) {
      setReading(true);
      try {
        await readSheet(chosen);
        setStep(2);
      } catch (error) {
        const message = messageOf(error, IMPORT_MESSAGES.invalidWorkbook);
        setUploadError(message);
      } finally {
        setReading(false);
      }
      return;
    }
    if (!isCsvFile(chosen)) {
      setUploadError(IMPORT_MESSAGES.invalidFile);
      return;
    }
    setReading(true);
    try {
      const parsed = await readCsvHeaders(chosen);
      mappedFor.current = null;
      setFile(chosen);
      setWorkbook(null);
      setHeaders(parsed.headers);
      setPreview(null);
      setPreviewError(null);
      setStep(2);
    } catch {
      setUploadError(IMPORT_MESSAGES.parseFailed);
    } finally {
      setReading(false);
    }
  };

  const chooseVendor = (id: number | null) => {
    setVendorId(id);
    // A profile belongs to its vendor: the new vendor's own are offered (and one preselected) once loaded.
    if (id !== vendorId) profileChoice.reset();
    // A mapping remembered for this vendor and this header row replaces the current one, and the
    // mapping step says so (issue 24 point 15: it used to change without a word).
    const remembered = loadRememberedMapping(id, headers);
    if (remembered && fieldKeys && id !== null) {
      const applied = sanitiseMapping(remembered.mapping, headers, fieldKeys);
      setMapping(applied);
      setRememberedFrom({ vendorId: id, savedAt: remembered.savedAt });
      // Chosen on the preview: the dry run reads the file again with the remembered mapping.
      if (step === 3 && preview) {
        notify.info(`${rememberedMappingNotice(vendorName(id), remembered.savedAt)} The preview uses it.`);
        void runPreview({ vendor: id, fieldMapping: applied });
      }
    }
    // Which rows belong to other vendors depends on the vendor chosen: the dry run counts again.
    else if (step === 3 && preview && id !== null) void runPreview({ vendor: id });
  };

  const vendorName = (id: number) => vendors.data?.find((v) => v.id === id)?.name ?? 'this vendor';

  const resetToAutomaticMapping = () => {
    if (!fieldKeys) return;
    setMapping(initialMapping(headers, fieldKeys, null));
    setRememberedFrom(null);
  };

  /** The request's choices, the current ones unless a change that is not in the state yet is given. */
  const uploadOf = (
    chosen: File,
    { run: rules = run, choices = vendorChoices, vendor = vendorId, bad = badOptionalValues, fieldMapping = mapping }: PreviewInputs = {},
  ): ImportUpload => ({
    file: chosen,
    fieldMapping,
    updateMode: rules.updateMode,
    vendorId: vendor,
    ...choices,
    badOptionalValues: bad,
    sheet: workbook?.sheet,
    // A profile belongs to one vendor: with another chosen, the run goes by the rules alone.
    profileId: profileChoice.profile && profileChoice.profile.vendorId === vendor ? profileChoice.profile.id : undefined,
    rules: rules.rules,
    fullList: rules.fullList,
    confirmMissing,
  });

  const runPreview = async (inputs: PreviewInputs = {}) => {
    if (!file) return;
    setPreviewing(true);
    setPreviewError(null);
    // A new dry run plans anew: an earlier confirmation was for the earlier plan.
    setConfirmMissing(false);
    try {
      const upload = uploadOf(file, inputs);
      const answer = await previewImport(upload);
      setPreview(answer);
      rememberMapping(upload.vendorId, headers, upload.fieldMapping);
      setStep(3);
    } catch (error) {
      const message = messageOf(error, IMPORT_MESSAGES.previewFailed);
      setPreviewError(message === IMPORT_MESSAGES.previewFailed ? message : `${IMPORT_MESSAGES.previewFailed}: ${message}`);
      notify.error(IMPORT_MESSAGES.previewFailed);
    } finally {
      setPreviewing(false);
    }
  };

  const startImport = async () => {
    if (!file) return;
    if (vendorId === null) {
      notify.error(IMPORT_MESSAGES.selectVendor);
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setImporting(true);
    setProgress(null);
    rememberMapping(vendorId, headers, mapping);
    try {
      const complete = await runImport(mode, uploadOf(file), setProgress, controller.signal);
      if (controller.signal.aborted) return;
      setResult(complete);
      setStep(5);
      // The list behind the wizard refreshes now; closing refreshes it again.
      void queryClient.invalidateQueries({ queryKey: productListQueryKey });
    } catch (error) {
      if (controller.signal.aborted) return;
      notify.error(messageOf(error, IMPORT_MESSAGES.importFailed));
    } finally {
      if (abort.current === controller) abort.current = null;
      setImporting(false);
    }
  };

  const vendorField = (
    <VendorField
      vendors={vendors.data ?? []}
      loading={vendors.isPending && vendorsAvailable}
      value={vendorId}
      onChange={chooseVendor}
      onCreate={() => setCreatingVendor(true)}
      canCreate={canCreateVendor}
    />
  );

  const stepperActive = step === 5 ? 4 : importing ? 3 : step - 1;

  return (
    <>
      <Dialog
        opened={opened}
        onClose={close}
        title="Import Products from CSV"
        size={1100}
        fullScreen={phone}
        closeOnClickOutside={!importing}
        closeOnEscape={!importing}
        withCloseButton={!importing}
      >
        {/* Above the progress overlay, so the steps stay readable while the import runs. */}
        <WizardSteps active={stepperActive} />
        <Box pos="relative">
          {step === 1 && <UploadStep error={uploadError} reading={reading} onFile={(f) => void chooseFile(f)} />}
          {step === 2 && file && workbook && <SheetPicker sheets={workbook.sheets} sheet={workbook.sheet} loading={reading} onChange={(sheet) => void chooseSheet(sheet)} />}
          {step === 2 && file && (
            <MappingStep
              fileName={file.name}
              headers={headers}
              groups={groups}
              fieldsLoading={fields.isPending}
              fieldsError={fields.error ? IMPORT_MESSAGES.fieldsFailed(fields.error.message) : null}
              mapping={mapping}
              onMappingChange={setMapping}
              rememberedNotice={rememberedFrom && rememberedMappingNotice(vendorName(rememberedFrom.vendorId), rememberedFrom.savedAt)}
              onResetToAutomatic={resetToAutomaticMapping}
              vendorField={vendorField}
              previewing={previewing}
              previewError={previewError}
              onBack={() => setStep(1)}
              profilePicker={
                vendorId !== null && (
                  <ProfilePicker
                    profiles={profileChoice.profiles}
                    loading={profileChoice.loading}
                    profile={profileChoice.profile}
                    onChoose={(chosen) => profileChoice.choose(chosen)}
                    notice={profileChoice.notice}
                    missingHeaders={profileChoice.missingHeaders}
                    onOpenProfiles={close}
                  />
                )
              }
              onPreview={() => void runPreview()}
            />
          )}
          {(step === 3 || step === 4) && preview && groups && (
            <PreviewStep
              preview={preview}
              groups={groups}
              mapping={mapping}
              vendorField={vendorField}
              vendorId={vendorId}
              updateMode={run.updateMode}
              rulesSection={
                <RulesFields
                  value={{ updateExisting: run.updateMode, rules: run.rules }}
                  onChange={(value) => {
                    const next = { ...run, updateMode: value.updateExisting, rules: value.rules };
                    setRun(next);
                    // The dry run's counts and changes follow the rules.
                    void runPreview({ run: next });
                  }}
                  fullList={{
                    checked: run.fullList,
                    onChange: (on) => {
                      const next = { ...run, fullList: on };
                      setRun(next);
                      void runPreview({ run: next });
                    },
                  }}
                  disabled={previewing || importing}
                />
              }
              changesSummary={
                <DryRunChangesSummary
                  dry={preview.dryRun}
                  currency={currency}
                  confirmMissing={confirmMissing}
                  onConfirmMissingChange={setConfirmMissing}
                  disabled={previewing || importing}
                />
              }
              formatNotice={profileChoice.profile && formatMismatch(profileChoice.profile, preview)}
              importBlocked={needsMissingConfirmation(preview.dryRun.missing) && !confirmMissing ? MISSING_CONFIRMATION_REQUIRED : null}
              saveProfile={
                <SaveProfile
                  profile={profileChoice.profile}
                  vendorChosen={vendorId !== null}
                  saving={profileChoice.saving}
                  onSaveAs={(name) => profileChoice.saveAs(name, { mapping, mode, run })}
                  onSaveChanges={() => void profileChoice.saveChanges({ mapping, mode, run })}
                />
              }
              vendorChoices={vendorChoices}
              onVendorChoicesChange={(choices) => {
                setVendorChoices(choices);
                // The dry run's counts follow them (rows skipped or updated, errors or new vendors).
                void runPreview({ choices });
              }}
              badOptionalValues={badOptionalValues}
              onBadOptionalValuesChange={(bad) => {
                setBadOptionalValues(bad);
                // The dry run's errors and warnings depend on it.
                void runPreview({ bad });
              }}
              refreshing={previewing}
              previewError={previewError}
              mode={mode}
              onModeChange={setMode}
              importing={importing}
              onBack={() => setStep(2)}
              onImport={() => void startImport()}
            />
          )}
          {step === 5 && result && file && <ResultsStep result={result} fileName={file.name} onClose={close} />}
          {importing && <ImportProgressOverlay progress={progress} />}
        </Box>
      </Dialog>
      <CreateVendorModal
        opened={creatingVendor}
        onClose={() => setCreatingVendor(false)}
        onCreated={(vendor) => {
          // The new vendor is in the select at once, before the refetch the mutation started.
          queryClient.setQueryData(vendorOptionsQueryOptions().queryKey, (current) =>
            current ? [...current.filter((v) => v.id !== vendor.id), { id: vendor.id, name: vendor.name, product_count: vendor.product_count }].sort((a, b) => a.name.localeCompare(b.name)) : current,
          );
          chooseVendor(vendor.id);
        }}
      />
    </>
  );
}
