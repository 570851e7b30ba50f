/**
 * A route's data for the browser as one JSON text (decision 052).
 *
 * React Router writes a page's loader data into the HTML for hydration with turbo-stream, which
 * encodes every object, key and value as an entry of its own and looks each one up in a map to
 * share repeats: a product page's data is about 215 entries, the home page's 456, and encoding
 * them cost an uncached product page about a tenth of React's own render of the page
 * (docs/benchmarks.md, "Product page against its render floor"). A loader returns `pageData(view)`
 * instead: the same view as one string, which turbo-stream writes as one entry, and the browser
 * parses with `JSON.parse`. The view must be what JSON carries (the catalogue's views are: dates
 * are ISO strings); in development and tests anything else throws, as would a property whose
 * value is `undefined` inside an array.
 *
 * On the server the wrapper remembers the view it was made from, so the render reads the loader's
 * own object without parsing; in the browser `readPageData` parses once per wrapper.
 */
declare const pageView: unique symbol;

/** The JSON text of a view of type `T`. */
export type PageData<T> = { readonly json: string; readonly [pageView]?: T };

type ViewOf<D> = D extends PageData<infer T> ? T : never;

const views = new WeakMap<object, unknown>();

export function pageData<T>(view: T): PageData<T> {
  if (!import.meta.env.PROD) assertJsonView(view, 'the view');
  const data: PageData<T> = { json: JSON.stringify(view) };
  views.set(data, view);
  return data;
}

/** The view a loader handed over, as the loader made it (the server) or parsed from its text (the browser). */
export function readPageData<D extends PageData<unknown>>(data: D): ViewOf<D> {
  let view = views.get(data);
  if (view === undefined) {
    view = JSON.parse(data.json);
    views.set(data, view);
  }
  return view as ViewOf<D>;
}

/**
 * Throws unless `value` reads back from its JSON text as it is: plain objects and arrays of
 * strings, finite numbers, booleans and null (an object property may be `undefined`: it reads
 * back as missing, which the views treat alike).
 */
export function assertJsonView(value: unknown, path: string): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`${path} is ${value}, which JSON cannot carry`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      if (item === undefined) throw new TypeError(`${path}[${index}] is undefined, which JSON turns into null`);
      assertJsonView(item, `${path}[${index}]`);
    });
    return;
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) assertJsonView(item, `${path}.${key}`);
    }
    return;
  }
  const kind = typeof value === 'object' ? (value.constructor?.name ?? 'an object without a prototype') : typeof value;
  throw new TypeError(`${path} is ${kind}, which JSON cannot carry as it is`);
}
