import { defineHandlers } from '../../plugins/api';
import { type ApiKeysDeps, createApiKey, getApiKeys, revokeApiKey } from './api-keys.service';
import {
  activateLicense,
  deactivateLicense,
  type LicensesDeps,
  listLicenses,
  validateLicense,
} from './licenses.service';

/** Decision 032: the seller area's key calls (a session, role `seller`) and the license calls (an API key). */
export function licensingHandlers(deps: ApiKeysDeps & LicensesDeps) {
  return defineHandlers({
    'seller/createApiKey': (input, { user }) => createApiKey(deps, user, input),
    'seller/getApiKeys': (input, { user }) => getApiKeys(deps, user.id, input),
    'seller/revokeApiKey': (input, { user }) => revokeApiKey(deps, user, input.id),
    'licenses/validate': (input, { apiKey }) => validateLicense(deps, apiKey.sellerId, input.code),
    'licenses/activate': (input, { apiKey }) => activateLicense(deps, apiKey.sellerId, input),
    'licenses/deactivate': (input, { apiKey }) => deactivateLicense(deps, apiKey.sellerId, input.code),
    'licenses/list': (input, { apiKey }) => listLicenses(deps, apiKey.sellerId, input),
  });
}
