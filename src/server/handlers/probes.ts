import { StoreUnavailableError } from '../../core/errors.js';
import { HttpError } from '../http-error.js';
import type { Handler } from './types.js';

/** Liveness: the process runs its event loop. Nothing else is asked, the database least of all. */
export const getHealth: Handler<'getHealth'> = ({ query }) => {
  query();
  return { status: 'ok' };
};

const notReady = (reason: string) =>
  new HttpError('service_unavailable', `not ready: ${reason}`, { 'Retry-After': '1' });

/**
 * Readiness, for a load balancer's health check: 503 from the moment the instance is told to
 * stop (it goes on serving what it is sent while the balancer notices), and 503 while the
 * database does not answer within the store's timeout. Each says why.
 */
export const getReadiness: Handler<'getReadiness'> = async ({ deps, query }) => {
  query();
  if (deps.lifecycle.draining) throw notReady('the instance is shutting down');
  try {
    await deps.store.ping();
  } catch (error) {
    if (error instanceof StoreUnavailableError) throw notReady(error.message);
    throw error;
  }
  return { status: 'ready' };
};
