/**
 * Runs `work` in one database transaction, with the repositories and listeners a service needs
 * built over it: everything `work` writes commits together or not at all. Each service declares
 * the scope it needs; the composition root supplies one function that builds all of them.
 */
export type InTransaction<Scope> = <T>(work: (scope: Scope) => Promise<T>) => Promise<T>;
