/** Exit codes of the service and the admin CLI, so that a script can tell expected failures apart. */
export const EXIT_CODES = {
  ok: 0,
  /** Anything unexpected. */
  failed: 1,
  /** A usage mistake: a missing or malformed option, an unknown organization or project, an unknown key. */
  usage: 2,
  /** The thing to create exists already (e.g. a project name the organization has). */
  conflict: 3,
  /** The embedded database's folder is held by another running process. */
  databaseInUse: 4,
  /** The service cannot listen on PORT: another process has it. */
  portInUse: 5,
} as const;
