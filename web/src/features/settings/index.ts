export { CompanyBrand } from './components/company-brand';
export { SettingsForm } from './components/settings-form';
export { useSettings, settingsQueryOptions } from './api/get-settings';
