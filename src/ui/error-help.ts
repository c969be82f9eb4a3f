import { CUSTOM_DOMAINS_FLAG } from '../contract/errors.js';
import { type ApiError, isDomainctlError } from '../core/errors.js';
import { DOMAIN_PLAN_NAMES, planName } from '../core/plans.js';
import type { ProjectRef } from './navigation.js';

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
  project?: ProjectRef;
  /** The host name being added, for 409. */
  hostname?: string;
}

function whereTheTokenComesFrom(ctx: ErrorContext): string {
  return ctx.profileName
    ? `the token of profile "${ctx.profileName}": check it with \`domainctl profile show ${ctx.profileName}\` and save a new one with \`domainctl profile add ${ctx.profileName} --base-url ${ctx.baseUrl} --token …\``
    : 'the token given with --token or DOMAINCTL_TOKEN: check it, or save one in a profile (`domainctl profile add`)';
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
        hint: `Check the base URL ${ctx.baseUrl}${ctx.profileName ? ` of profile "${ctx.profileName}"` : ' (--base-url or DOMAINCTL_BASE_URL)'} and that the API is running, then try again (r).`,
      };
    case 'MissingCredentialsError':
      return {
        title: 'No token',
        message: `${error.template} needs credentials and none were given.`,
        hint: ctx.profileName
          ? `Save a token in profile "${ctx.profileName}": \`domainctl profile add ${ctx.profileName} --base-url ${ctx.baseUrl} --token …\`, or pass --token.`
          : 'Pass --token, set DOMAINCTL_TOKEN, or add a profile with `domainctl profile add`.',
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
        hint: `The API wants a valid token. It got ${whereTheTokenComesFrom(ctx)}.`,
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
