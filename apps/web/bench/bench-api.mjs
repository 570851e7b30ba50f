// The store's API as the web benchmarks call it (bench:web, bench:slow-phone).

/**
 * One API call (requirements §8 envelope); throws unless it answers code 0.
 * @param {string} baseUrl
 * @param {string} path
 * @param {object} payload
 * @param {string} [token]
 */
export async function callApi(baseUrl, path, payload, token) {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(payload),
  });
  const body = await response.json();
  if (body?.code !== 0) throw new Error(`${path}: ${response.status} ${body?.msg}`);
  return body.data;
}
