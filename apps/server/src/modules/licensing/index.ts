/**
 * The licensing module's public face (docs/architecture.md "Server modules"): sellers' API keys
 * and the license calls they authenticate (decision 032). Everything else in this folder is
 * private to it.
 */
export { activateLicense, type LicenseActivation, type LicensesDeps } from './licenses.service';
export { createLicensing, type LicensingDeps } from './licensing';
