// Import profiles (issue 22): a vendor's named mapping and feed rules. The import wizard starts from
// them and saves its choices as one; the profiles screen lists and edits them.
export { useImportProfiles } from './api/get-import-profiles';
export { useCreateImportProfile } from './api/create-import-profile';
export { useUpdateImportProfile } from './api/update-import-profile';
export { RulesFields, type RulesValue } from './components/rules-fields';
export { feedBodyOf, rulesOfProfile } from './model/profile-form-values';
export { ImportProfilesView } from './components/import-profiles-view';
