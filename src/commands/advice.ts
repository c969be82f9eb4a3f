import type { Command } from 'commander';
import { resolveOptions } from '../config/resolve.js';
import {
  adviceOf,
  ApiError,
  ExitStatus,
  MissingCredentialsError,
  withAdvice,
} from '../core/errors.js';
import { missingTokenAdvice, rejectedTokenAdvice, type TokenOrigin } from '../core/token-advice.js';
import { globalFlags } from './global-options.js';

type Action = (...args: never[]) => Promise<void> | void;

/**
 * The actions of a module, each of which adds advice to a failure about the token: after a 401,
 * where the token came from (the --token flag, DOMAINCTL_TOKEN, `-H Authorization`, or the
 * profile) and how to check or replace it there; when none was given, where to give one. The
 * client that threw knows neither, and main() writes the advice after the error's line.
 */
export function advised<A extends Record<string, Action>>(actions: A): A {
  const wrapped: Record<string, Action> = {};
  for (const [name, action] of Object.entries(actions)) {
    wrapped[name] = async (...args: never[]) => {
      try {
        await action(...args);
      } catch (error) {
        throw adviseOn(error, args);
      }
    };
  }
  return wrapped as A;
}

function adviseOn(error: unknown, args: unknown[]): unknown {
  if (!(error instanceof Error) || adviceOf(error) !== undefined) return error;
  const missing = error instanceof MissingCredentialsError;
  const rejected =
    (error instanceof ApiError && error.status === 401) ||
    (error instanceof ExitStatus && error.httpStatus === 401);
  if (!missing && !rejected) return error;
  const origin = tokenOrigin(args);
  if (!origin) return error;
  return withAdvice(
    error,
    missing ? missingTokenAdvice(origin.profileName) : rejectedTokenAdvice(origin),
  );
}

/** Where the token came from, from a commander action's arguments (…, flags, command). */
function tokenOrigin(args: unknown[]): TokenOrigin | undefined {
  const command = args.at(-1) as Command;
  const flags = args.at(-2) as { header?: string[] } | undefined;
  let options: ReturnType<typeof resolveOptions>;
  try {
    options = resolveOptions(globalFlags(command));
  } catch {
    // The settings could not be read a moment ago either; the error says so itself.
    return undefined;
  }
  const profileName = options.profile?.name;
  // `api request -H 'Authorization: …'` replaces the token of the settings.
  if (flags?.header?.some((header) => /^\s*authorization\s*:/i.test(header))) {
    return { source: 'header', profileName };
  }
  return { source: options.sources.token, profileName };
}
