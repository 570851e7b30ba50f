/** Replaces the run between `<!-- bench:<name>:start -->` and its end marker in the docs file. */
export function replaceDocsSection(path: string, name: string, section: string): void;
