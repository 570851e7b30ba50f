import type { ApiPath } from '@everdeal/contracts';
import { API_TIMEOUT_MS } from '@everdeal/contracts/constants';

/**
 * Requests a signed-in page makes on every load, sent while the HTML is still being read.
 *
 * The server cannot see the session (it is in the browser's storage, requirements §3), so a
 * signed-in page's own data (the cart, the header's counts) is asked for by its scripts, and on
 * a slow phone those arrive and run a second or more after the HTML. A few lines in the page start
 * these calls at once instead, with the stored token, exactly as `callApi` would send them; the
 * first `callApi` of the same call with the same token takes the answer (once) and reads it as
 * its own, errors and all. A visitor (no stored session) sends nothing. The signed-in
 * cart's largest paint is its content (docs/benchmarks.md).
 *
 * Each answer's body is read as it arrives, and kept. The request's timeout (`API_TIMEOUT_MS`, as
 * `callApi`'s) ends its body too: an answer whose body was left for the scripts to read failed on a
 * page whose scripts ran more than 10 s after the HTML (a slow link), and the tap waiting for the
 * cart showed "An unexpected error occurred" instead of adding (e2e/buying.spec.ts, "a tap before
 * the scripts run"). An answer that does not arrive in time rejects, and `callApi` asks again; one
 * no script takes is not an unhandled rejection.
 *
 * The session hint cookie (decision 017) is read first: a visitor's browser (no hint) never opens
 * its local storage, whose first read is synchronous disk work (14 ms on the benchmark host before
 * the first paint; docs/benchmarks.md, "Web (Lighthouse)"). A session without the hint (cleared
 * cookies) only loses the head start: its page asks for the same calls when its scripts run.
 */

type EarlyRequests = { token: string; responses: Partial<Record<string, Promise<Response>>> };

const GLOBAL_NAME = '__everdealEarlyRequests';

declare global {
  interface Window {
    [GLOBAL_NAME]?: EarlyRequests;
  }
}

/**
 * The inline script; `tokenKey` and `userKey` are the session's storage keys (both must be set),
 * `hintCookie` the name of the cookie that says the browser holds a session.
 */
export function earlyRequestsScript({
  paths,
  tokenKey,
  userKey,
  hintCookie,
}: {
  paths: readonly ApiPath[];
  tokenKey: string;
  userKey: string;
  hintCookie: string;
}): string {
  const json = JSON.stringify;
  return `(function(){try{if(('; '+document.cookie+';').indexOf(${json(`; ${hintCookie}=1;`)})<0)return;var s=window.localStorage,t=s.getItem(${json(tokenKey)});if(!t||!s.getItem(${json(userKey)}))return;var r={};${json(paths)}.forEach(function(p){r[p]=fetch('/api/'+p,{method:'POST',headers:{'content-type':'application/json','x-request-time':String(Date.now()),authorization:'Bearer '+t},body:'{}',signal:AbortSignal.timeout(${API_TIMEOUT_MS})}).then(function(x){return x.arrayBuffer().then(function(b){return new Response([101,204,205,304].indexOf(x.status)<0?b:null,{status:x.status,statusText:x.statusText,headers:x.headers})})});r[p].catch(function(){})});window.${GLOBAL_NAME}={token:t,responses:r}}catch(e){}})()`;
}

/**
 * The answer to `path` that the page's script asked for with `token`, if there is one: each
 * answer is handed out once, and only to the same session (a sign-out or a new sign-in since
 * leaves it unused).
 */
export function takeEarlyResponse(path: ApiPath, token: string): Promise<Response> | null {
  const early = typeof window === 'undefined' ? undefined : window[GLOBAL_NAME];
  const response = early?.responses[path];
  if (!early || !response) return null;
  delete early.responses[path];
  return early.token === token ? response : null;
}
