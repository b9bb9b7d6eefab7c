import { IMPORT_PROFILE_MESSAGES, type FieldMapping, type ImportMode, type ImportProfile } from '@bosun/shared';
import { useEffect, useRef, useState } from 'react';
import { notify } from '../../../../components/ui/notify';
import { errorMessage, fieldErrorsFromApiError } from '../../../../lib/api-errors';
import { useCreateImportProfile, useImportProfiles, useUpdateImportProfile } from '../../../import-profiles';
import { preselectedProfile, profileBodyFromWizard, profileMappingFor, profileNotice, runRulesOf, type RunRules } from './import-profile-choice';

/** What applying a profile gives the wizard. */
export interface AppliedProfile {
  mapping: FieldMapping;
  mode: ImportMode;
  run: RunRules;
}

/** The wizard's current choices, which 'Save as profile' keeps. */
export interface WizardProfileChoices {
  mapping: FieldMapping;
  mode: ImportMode;
  run: RunRules;
}

interface Options {
  opened: boolean;
  vendorId: number | null;
  headers: string[];
  fieldKeys: ReadonlySet<string> | null;
  /** Whether the run is marked as the vendor's full list (a run's choice, kept when a profile applies). */
  fullList: boolean;
  onApply: (applied: AppliedProfile) => void;
}

/**
 * The wizard's import profile (issue 22): the chosen vendor's profiles, the one preselected when its
 * header row is the file's (most recently used first), applying one, and saving the wizard's
 * choices as a new profile or over the one it started from.
 */
export function useWizardProfile({ opened, vendorId, headers, fieldKeys, fullList, onApply }: Options) {
  const profiles = useImportProfiles(vendorId, { enabled: opened && vendorId !== null });
  const create = useCreateImportProfile();
  const update = useUpdateImportProfile();
  const [profile, setProfile] = useState<ImportProfile | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [missingHeaders, setMissingHeaders] = useState<string[]>([]);
  /** The vendor and header row a preselection was last looked for: once each, so staff's choice stands. */
  const consideredFor = useRef<string | null>(null);

  const choose = (chosen: ImportProfile | null, preselected = false) => {
    setProfile(chosen);
    if (!chosen || !fieldKeys) {
      setNotice(null);
      setMissingHeaders([]);
      return;
    }
    const { mapping, missingHeaders: missing } = profileMappingFor(chosen, headers, fieldKeys);
    setNotice(profileNotice(chosen, preselected));
    setMissingHeaders(missing);
    onApply({ mapping, mode: chosen.mode, run: runRulesOf(chosen, fullList) });
  };

  const data = profiles.data;
  useEffect(() => {
    if (!data || !fieldKeys || vendorId === null || headers.length === 0) return;
    const key = `${vendorId}|${JSON.stringify(headers)}`;
    if (consideredFor.current === key) return;
    consideredFor.current = key;
    const match = preselectedProfile(data.filter((p) => p.vendorId === vendorId), headers);
    if (match) choose(match, true);
    // Runs on the profiles' arrival for a vendor and a file; choose is read as it is then.
  }, [data, fieldKeys, vendorId, headers]);

  /** A new file or another vendor: the profile chosen for the last one no longer applies. */
  const reset = () => {
    consideredFor.current = null;
    setProfile(null);
    setNotice(null);
    setMissingHeaders([]);
  };

  const saveAs = async (name: string, choices: WizardProfileChoices): Promise<string | void> => {
    if (vendorId === null) return;
    try {
      const saved = await create.mutateAsync(profileBodyFromWizard({ name, vendorId, headers, ...choices }));
      notify.success(`${IMPORT_PROFILE_MESSAGES.created}: '${saved.name}'`);
      setProfile(saved);
      setNotice(`Saved as the profile '${saved.name}': this import runs with it.`);
    } catch (error) {
      // A name the vendor has already (409) is said under the name; anything else as a toast.
      const nameError = fieldErrorsFromApiError(error, ['name'] as const).name;
      if (nameError) return nameError;
      notify.error(errorMessage(error, 'Error saving the profile'));
    }
  };

  const saveChanges = async (choices: WizardProfileChoices) => {
    if (!profile || vendorId === null) return;
    try {
      const saved = await update.mutateAsync({ id: profile.id, body: profileBodyFromWizard({ name: profile.name, vendorId, headers, base: profile, ...choices }) });
      notify.success(`${IMPORT_PROFILE_MESSAGES.updated}: '${saved.name}'`);
      setProfile(saved);
    } catch (error) {
      notify.error(errorMessage(error, 'Error saving the profile'));
    }
  };

  return {
    profiles: (data ?? []).filter((p) => p.vendorId === vendorId),
    loading: profiles.isFetching,
    profile,
    notice,
    missingHeaders,
    choose,
    reset,
    saveAs,
    saveChanges,
    saving: create.isPending ? ('new' as const) : update.isPending ? ('changes' as const) : null,
  };
}
