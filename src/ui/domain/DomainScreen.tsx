import { Text } from 'ink';
import { useEffect, useRef, useState } from 'react';
import type { ReadDomain as Domain } from '../../contract/read-schemas.js';
import { domainStatus, MISSING, utcMinute } from '../../core/display.js';
import type { DnsCheckResult } from '../../core/dns-check.js';
import { domainStages } from '../../core/stages.js';
import { visible } from '../../core/sanitize.js';
import { ZoneSnippetError } from '../../core/errors.js';
import { recordsOf, zoneSnippet } from '../../core/records.js';
import { Loading } from '../components/Loading.js';
import { RecordsTable } from './RecordsTable.js';
import { ScrollArea } from '../components/ScrollArea.js';
import { useMarkDnsCheck } from '../queries/dns-check-marks.js';
import { StagesLine, StagesList } from './StagesList.js';
import { pinnedNotice } from './DomainNotice.js';
import { pinnedWatchLine } from './DomainWatchLine.js';
import { useNavigation, useServices, useUi } from '../app/context.js';
import { tlsCell } from '../components/format.js';
import { useKeys } from '../input/useKeys.js';
import { useAvailableKeys } from '../app/useAvailableKeys.js';
import { useDomainWatch } from './useDomainWatch.js';
import type { ProjectRef } from '../app/navigation.js';
import { useCopy } from './useCopy.js';
import { Paragraph } from '../components/Paragraph.js';
import { useTone } from '../app/theme.js';
import {
  checkSummary,
  type DnsCheckState,
  Field,
  LABEL,
  type StatusLine,
  Warning,
} from './domain-fields.js';

/** One domain: every field, and the DNS records to create, to copy one by one or as a zone. */
export function DomainScreen({
  domain: given,
  project,
  justAdded,
  check: checked,
}: {
  domain: Domain;
  project: ProjectRef;
  justAdded?: boolean;
  /** A check the domains screen ran already (its d): shown as this screen's own. */
  check?: { result: DnsCheckResult; at: Date };
}) {
  const markDnsCheck = useMarkDnsCheck();
  const services = useServices();
  const navigate = useNavigation();
  const { columns: width, bodyHeight } = useUi();
  const tone = useTone();
  const [selected, setSelected] = useState(0);
  const [statusLine, setStatusLine] = useState<StatusLine>({ kind: 'hint' });
  // Counts actions, so that a copy answered after a later action does not replace its message.
  const actions = useRef(0);
  const [scroll, setScroll] = useState(0);
  const [maxScroll, setMaxScroll] = useState(0);
  // The records, and what a copy says, come first in what scrolls: a copy brings them into view.
  const copy = useCopy(actions, setStatusLine, () => setScroll(0));
  const [check, setCheck] = useState<DnsCheckState>(
    checked ? { status: 'done', ...checked } : { status: 'idle' },
  );
  const running = useRef<AbortController | undefined>(undefined);
  const watch = useDomainWatch({
    domain: given,
    projectId: project.id,
    width: width - LABEL,
    // The watch's DNS checks are d's: the records get their marks and the findings show.
    onCheck: (result) => {
      markDnsCheck(given.id, result.ok);
      setCheck({ status: 'done', result, at: new Date() });
    },
  });
  // What the API last said of the domain: the watch and d (watch.refresh) ask again.
  const domain = watch.domain;
  const watching = watch.state.status === 'watching';
  const records = recordsOf(domain.dns_instructions);
  const now = new Date();
  // The watch's line stays in view under the rest, which scrolls: what the watch does now.
  const watchLine = pinnedWatchLine(watch.state, watch.reached, width);
  // And so does what the last copy said, above it.
  const notice = pinnedNotice(statusLine, width);
  const pinnedHeight = notice.pinnedHeight + watchLine.pinnedHeight;

  // Leaving the screen (Esc) while a check runs cancels its lookups; the answer, if one still
  // comes, is dropped rather than set on a screen that is gone.
  useEffect(() => () => running.current?.abort(), []);

  const runCheck = () => {
    actions.current++;
    setStatusLine({ kind: 'check' });
    // One check of the domain at a time: while the watch runs, its own rounds are the checks.
    if (running.current || watching) return;
    const controller = new AbortController();
    running.current = controller;
    setCheck({ status: 'running' });
    watch.refresh(controller.signal);
    Promise.all([
      services.checkDns(domain.dns_instructions, controller.signal),
      services.probeHttps(domain.domain, controller.signal),
    ]).then(
      ([result, probe]) => {
        if (controller.signal.aborted) return;
        running.current = undefined;
        // The domains screen's summary counts the failing checks of the session.
        markDnsCheck(domain.id, result.ok);
        setCheck({ status: 'done', result, probe, at: new Date() });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        running.current = undefined;
        setCheck({ status: 'failed', message: (error as Error).message });
      },
    );
  };

  const copyZone = () => {
    let snippet: string;
    try {
      snippet = zoneSnippet(domain.domain, domain.dns_instructions);
    } catch (error) {
      if (!(error instanceof ZoneSnippetError)) throw error;
      actions.current++;
      setStatusLine({ kind: 'notice', text: `✗ Not copied: ${error.message}`, tone: 'error' });
      return;
    }
    // Its line breaks are its own: zoneSnippet refuses any a value brought in.
    copy(snippet, 'the zone snippet (3 records)', true);
  };

  useKeys((is, _input, key) => {
    const record = records[selected];
    if (is('domain.up') || is('domain.down')) {
      // Moving in the records brings them into view, as a copy does.
      setScroll(0);
      setSelected((s) => Math.max(0, Math.min(records.length - 1, s + (is('domain.up') ? -1 : 1))));
    } else if (is('domain.copyValue') && record)
      copy(record.value, `the ${record.type} value for ${record.host}`);
    else if (is('domain.copyHost') && record) copy(record.host, `the host ${record.host}`);
    else if (is('domain.copyZone')) copyZone();
    else if (is('domain.scroll'))
      setScroll((s) => {
        const page = Math.max(1, bodyHeight - 2 - pinnedHeight);
        return Math.max(
          0,
          Math.min(maxScroll, Math.min(s, maxScroll) + (key.pageUp ? -page : page)),
        );
      });
    else if (is('domain.check')) runCheck();
    else if (watching ? is('domain.pauseWatch') : is('domain.watch') && !running.current)
      watch.toggle();
    else if (is('nav.back')) navigate({ type: 'pop' });
  });

  // w has one meaning at a time: watch, or pause the watch that runs (the footer says which).
  useAvailableKeys({
    'domain.check': !watching,
    'domain.watch': !watching && check.status !== 'running',
    'domain.pauseWatch': watching,
  });

  const status = domainStatus(domain.verified);
  const tls = tlsCell(domain.tls_cert_expiry, now, true);
  const record = records[selected];
  const summary =
    check.status === 'done'
      ? checkSummary(check.result, services.dnsServerLabel, check.at)
      : undefined;
  const done = check.status === 'done' ? check : undefined;
  // A stage the watch reached stays reached, as domains wait reported it (a later one vouches).
  const stages = domainStages(
    domain,
    done?.result ?? 'not checked yet: d checks',
    watch.probe ?? done?.probe,
    now,
    utcMinute,
  ).map((stage) => watch.reached.get(stage.name)?.stage ?? stage);
  const reachedAt = new Map(
    [...watch.reached].flatMap(([name, r]) => (r.at ? [[name, r.at] as const] : [])),
  );
  // The CAA findings are the warnings above; the others say why the domain may be stuck.
  const findings = done?.result.findings.filter((f) => f.code !== 'caa') ?? [];

  // The records come first: they are what this screen is for, and what a short terminal keeps.
  return (
    <ScrollArea
      height={bodyHeight}
      offset={scroll}
      onMaxOffset={setMaxScroll}
      pinned={
        <>
          {notice.pinned}
          {watchLine.pinned}
        </>
      }
      pinnedHeight={pinnedHeight}
    >
      <Text wrap="truncate-end">
        <Text bold>{visible(domain.domain)}</Text>
        <Text> · </Text>
        <Text color={tone(status.tone)}>{status.text}</Text>
      </Text>
      {/* It asks for the records until they are seen: once the domain is verified, it is over. */}
      {justAdded && !domain.verified ? (
        <Paragraph bold color={tone('ok')}>
          ✓ Added. Now create these records at your DNS provider:
        </Paragraph>
      ) : null}
      <Text> </Text>
      <Paragraph bold>
        DNS records
        {record ? (
          <Text dimColor>
            {' '}
            · {record.type} {record.purpose}
          </Text>
        ) : null}
      </Paragraph>
      <RecordsTable
        records={records}
        selected={selected}
        width={width}
        checks={
          check.status === 'running'
            ? 'running'
            : check.status === 'done'
              ? check.result.records
              : undefined
        }
      />
      {statusLine.kind === 'check' && check.status === 'running' ? (
        <Loading label={`Looking the records up in DNS (${services.dnsServerLabel})…`} />
      ) : null}
      {statusLine.kind === 'check' && summary ? (
        <Paragraph color={tone(summary.tone)}>{summary.text}</Paragraph>
      ) : null}
      {statusLine.kind === 'check' && check.status === 'done'
        ? check.result.warnings.map((w) => <Warning key={w} text={w} width={width} />)
        : null}
      {findings.map((f) => (
        <Warning key={f.code} text={`${f.message}. Fix: ${f.fix}`} width={width} />
      ))}
      {statusLine.kind === 'check' && watch.refreshError ? (
        <Paragraph color={tone('warn')}>
          ⚠ Could not ask the API for the domain again: {visible(watch.refreshError)}
        </Paragraph>
      ) : null}
      {statusLine.kind === 'check' && check.status === 'failed' ? (
        <Paragraph color={tone('error')}>
          ✗ The DNS check failed: {visible(check.message)}
        </Paragraph>
      ) : null}
      {statusLine.kind === 'hint' ? (
        <Paragraph dimColor>
          c copies the selected value, h its host, z the zone snippet; d checks DNS and HTTPS; w
          watches the stages
        </Paragraph>
      ) : null}
      <Text> </Text>
      <Field label="ID">{visible(domain.id)}</Field>
      <Field label="Project">{visible(domain.project_id ?? MISSING)}</Field>
      <Field label="Status">
        <Text color={tone(status.tone)}>{status.text}</Text>
        {domain.verified
          ? ` at ${utcMinute(domain.verified_at)}`
          : ': the TXT record has not been seen yet'}
      </Field>
      <Field label="TLS expiry">
        <Text color={tone(tls.tone)}>{tls.text}</Text>
      </Field>
      <Field label="Token">{visible(domain.dns_verification_token ?? MISSING)}</Field>
      <Field label="Created">{utcMinute(domain.created_at)}</Field>
      <Field label="Updated">{utcMinute(domain.updated_at)}</Field>
      <Field label="Stages">
        <StagesLine stages={stages} reachedAt={reachedAt} />
      </Field>
      {done || watch.state.status !== 'idle' ? (
        <StagesList stages={stages} width={width} reachedAt={reachedAt} />
      ) : null}
    </ScrollArea>
  );
}
