import { CUSTOM_DOMAINS_FLAG } from '../../contract/errors.js';
import { type ApiError, isDomainctlError } from '../../core/errors.js';
import { DOMAIN_PLAN_NAMES, planName } from '../../core/plans.js';
import {
  missingTokenAdvice,
  rejectedTokenAdvice,
  type SettingSource,
  type TokenOrigin,
} from '../../core/token-advice.js';
import type { ProjectRef } from '../app/navigation.js';

/** An error as a person reads it: what happened, the API's own words, and what to do. */
export interface ErrorHelp {
  title: string;
  /** `HTTP 402 plan_upgrade_required`, when the API answered. */
  code?: string;
  message: string;
  hint: string;
}

export interface ErrorContext {
  profileName?: string;
  baseUrl: string;
  /** Where the token came from (flag, environment, profile); undefined: the demo's own key. */
  tokenOrigin?: TokenOrigin;
  /** Where the base URL came from. */
  baseUrlSource?: SettingSource;
  project?: ProjectRef;
  /** The host name being added, for 409. */
  hostname?: string;
}

/** What the session says of where its settings came from, for explainError: one place for it. */
export function errorContext(
  session: Pick<ErrorContext, 'profileName' | 'baseUrl' | 'tokenOrigin' | 'baseUrlSource'>,
  more: Pick<ErrorContext, 'project' | 'hostname'> = {},
): ErrorContext {
  const { profileName, baseUrl, tokenOrigin, baseUrlSource } = session;
  return { profileName, baseUrl, tokenOrigin, baseUrlSource, ...more };
}

/** A command inside a sentence of the UI. */
const asCode = (command: string) => `\`${command}\``;

/** Where the base URL came from, after the URL in a sentence. */
function whereTheBaseUrlComesFrom(ctx: ErrorContext): string {
  switch (ctx.baseUrlSource) {
    case 'flag':
      return ' (given with --base-url)';
    case 'env':
      return ' (from DOMAINCTL_BASE_URL)';
    case 'profile':
      return ctx.profileName ? ` of profile "${ctx.profileName}"` : '';
    default:
      return '';
  }
}

export function explainError(error: unknown, ctx: ErrorContext): ErrorHelp {
  if (!isDomainctlError(error)) return somethingWentWrong(error);
  switch (error.name) {
    case 'ApiError':
      return explainApiError(error, ctx);
    case 'InvalidResponseError':
      return {
        title: "The API's answer was not understood",
        code: `HTTP ${error.status}`,
        message: error.message,
        hint:
          error.method === 'GET'
            ? "The API answered, but not as its description says. Try again (r); if it keeps happening, tell the API's operators."
            : "The API answered, but not as its description says: the request may have worked all the same (reload the list to see). Tell the API's operators.",
      };
    case 'PagingError':
      return {
        title: "The API's pages never end",
        message: error.message,
        hint: "The API's paging is broken; tell its operators. What loaded before is still shown.",
      };
    case 'MalformedResponseError':
      return {
        title: "The API's answer was not understood",
        message: error.message,
        hint: "The server's answer is not valid HTTP; asking again would get the same. Tell the API's operators.",
      };
    case 'ResponseTooLargeError':
      return {
        title: "The API's answer is too large",
        message: error.message,
        hint: 'It was cut off at the limit rather than filling the memory. Raise the limit with --max-response-size or DOMAINCTL_MAX_RESPONSE_SIZE if the answer is meant to be this large.',
      };
    case 'NetworkError':
      return {
        title: error.timedOut ? 'The API did not answer in time' : 'Cannot reach the API',
        message: error.message,
        hint: `Check the base URL ${ctx.baseUrl}${whereTheBaseUrlComesFrom(ctx)} and that the API is running, then try again (r).`,
      };
    case 'MissingCredentialsError':
      return {
        title: 'No token',
        message: `${error.template} needs credentials and none were given.`,
        hint: missingTokenAdvice(ctx.tokenOrigin?.profileName, asCode),
      };
    case 'RequestInputError':
      return {
        title: 'Nothing was sent',
        message: error.message,
        hint: 'Correct it and try again.',
      };
    default:
      return somethingWentWrong(error);
  }
}

function somethingWentWrong(error: unknown): ErrorHelp {
  return {
    title: 'Something went wrong',
    message: error instanceof Error ? error.message : String(error),
    hint: 'Try again (r).',
  };
}

function explainApiError(error: ApiError, ctx: ErrorContext): ErrorHelp {
  const code = `HTTP ${error.status} ${error.code}`;
  const project = ctx.project?.name
    ? `${ctx.project.name} (${ctx.project.id})`
    : (ctx.project?.id ?? 'this project');
  switch (error.status) {
    case 400:
      return {
        title: 'The API refused the request',
        code,
        message: error.message,
        hint: 'Correct it and try again.',
      };
    case 401:
      return {
        title: 'The API did not accept the credentials',
        code,
        message: error.message,
        hint: ctx.tokenOrigin
          ? `The API wants a valid token. ${rejectedTokenAdvice(ctx.tokenOrigin, asCode)}`
          : 'The API wants a valid token.',
      };
    case 402: {
      // The plan as the UI learnt it from the API's project; the message is for people, and is
      // never read for it.
      const plan = ctx.project?.plan;
      const onPlan = plan ? `is on the ${planName(plan)} plan` : 'is not on such a plan';
      return {
        title: 'This project cannot have custom domains',
        code,
        message: error.message,
        hint: `${project} ${onPlan}; custom domains need the ${DOMAIN_PLAN_NAMES} plan. Upgrade the project, or pick a project on one of those plans (p).`,
      };
    }
    case 403:
      return {
        title: 'Custom domains are not enabled for you',
        code,
        message: error.message,
        hint: `Custom domains are a preview feature: your user needs the \`${CUSTOM_DOMAINS_FLAG}\` feature flag. Ask the API's operators to turn it on for you.`,
      };
    case 404:
      return {
        title: 'Not found',
        code,
        message: error.message,
        hint: `${project} does not exist, or you are not a member of its organisation. Check the ID, or pick another project (p).`,
      };
    case 409:
      return {
        title: 'This host name is taken',
        code,
        message: error.message,
        hint: `${ctx.hostname ?? 'The host name'} is registered already, in this or another project: each host name can be added once. Pick another name.`,
      };
    default:
      return {
        title: error.status >= 500 ? 'The API failed' : 'The API refused the request',
        code,
        message: error.message,
        hint:
          error.status >= 500
            ? "Try again in a moment (r); if it keeps failing, tell the API's operators."
            : 'Check the request and try again.',
      };
  }
}
