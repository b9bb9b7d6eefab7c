export { CompanyBrand } from './components/company-brand';
export { SettingsForm } from './components/settings-form';
export { useCurrency, useSettings, settingsQueryOptions } from './api/get-settings';
