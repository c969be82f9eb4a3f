import { Box, Text } from 'ink';
import { useState } from 'react';
import { ErrorView } from '../components/ErrorView.js';
import { Loading } from '../components/Loading.js';
import { PickList } from '../components/PickList.js';
import { useNavigation, useScreen, useServices, useSessionControl, useUi } from '../app/context.js';
import { explainError } from '../components/error-help.js';
import { createSession, DEMO_PROFILE } from '../app/session.js';
import { Paragraph } from '../components/Paragraph.js';

type Choice = 'demo' | 'profile';

type State = { step: 'choose' } | { step: 'starting' } | { step: 'failed'; error: unknown };

const items: { label: string; value: Choice }[] = [
  { label: 'Try the demo: a local API with sample projects and domains', value: 'demo' },
  { label: 'Add a profile: the base URL of your API and a token', value: 'profile' },
];

/** No profile and no base URL yet: start the demo, or say which API to use. */
export function WelcomeScreen() {
  const services = useServices();
  const { begin } = useSessionControl();
  const navigate = useNavigation();
  const [state, setState] = useState<State>({ step: 'choose' });
  const { isTop } = useScreen();
  const { helpOpen } = useUi();

  const choose = (choice: Choice) => {
    if (choice === 'profile') {
      navigate({ type: 'push', route: { name: 'profileForm' } });
      return;
    }
    setState({ step: 'starting' });
    services.startDemo().then(
      (demo) =>
        begin(
          createSession(services, {
            profileName: DEMO_PROFILE,
            ephemeral: true,
            baseUrl: demo.baseUrl,
            token: demo.token,
          }),
        ),
      (error: unknown) => setState({ step: 'failed', error }),
    );
  };

  return (
    <Box flexDirection="column">
      <Text bold>Welcome to domainctl</Text>
      <Paragraph>
        There is no profile yet, so domainctl does not know which API to talk to. The demo runs a
        reference API in this process, with sample data, and saves nothing.
      </Paragraph>
      <Text> </Text>
      {state.step === 'starting' ? (
        <Loading label="Starting the demo API…" />
      ) : (
        // ink-select-input's keys: ↑↓ j k, Enter, 1 and 2 (the key-map's welcome.* entries).
        <PickList items={items} isFocused={isTop && !helpOpen} onSelect={choose} />
      )}
      {state.step === 'failed' ? (
        <Box marginTop={1}>
          <ErrorView help={explainError(state.error, { baseUrl: 'the demo API' })} />
        </Box>
      ) : null}
      <Text> </Text>
      <Paragraph dimColor>
        Profiles are saved where `domainctl profile add` saves them; scripts use them too.
      </Paragraph>
    </Box>
  );
}
