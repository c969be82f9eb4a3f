/**
 * Why a file could not be read or written, in words for a one-line message (`cannot read the host
 * file x: no such file`): the error codes a user can act on, else Node's own message. `enoent`
 * says what a missing path means where that is not "no such file" (a log file's folder).
 */
export function fileErrorReason(error: unknown, enoent = 'no such file'): string {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'ENOENT':
      return enoent;
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'it is a directory';
    case 'ENOTDIR':
      return 'a part of the path is not a directory';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EROFS':
      return 'the file system is read-only';
    default:
      return (error as Error).message;
  }
}
