import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { InkStdin } from '../../src/ui/input/ink-stdin.js';
import { KeyBus } from '../../src/ui/input/key-bus.js';
import { readTerminal } from '../../src/ui/input/terminal-input.js';

/** A terminal's stdin: each write() is one read, as a pty hands them out. */
class Terminal extends EventEmitter {
  readonly isTTY = true;
  rawMode = false;
  private readonly reads: string[] = [];
  write(data: string) {
    this.reads.push(data);
    this.emit('readable');
  }
  read = () => this.reads.shift() ?? null;
  setEncoding() {}
  setRawMode(mode: boolean) {
    this.rawMode = mode;
  }
}

const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

/** A bus on a terminal that logs what its listener hears and what it hands on to Ink. */
function wired() {
  const heard: string[] = [];
  const ink: string[] = [];
  const inkStdin = new InkStdin();
  inkStdin.on('readable', () => {
    for (let chunk = inkStdin.read(); chunk !== null; chunk = inkStdin.read()) ink.push(chunk);
  });
  const bus = new KeyBus(
    async () => {},
    (sequence) => inkStdin.write(sequence),
  );
  bus.subscribe({
    handler: {
      current: (input, key) => heard.push(key.downArrow ? '↓' : key.escape ? 'Esc' : input),
    },
    active: { current: true },
    text: false,
    global: false,
  });
  const terminal = new Terminal();
  const stop = readTerminal(terminal, bus);
  return { heard, ink, terminal, stop };
}

describe('the terminal read for the key bus', () => {
  it('hands Ink the keys of one read one write each', async () => {
    const { heard, ink, terminal, stop } = wired();
    terminal.write('jj\u001b[B\r');
    await turns(10);
    expect(heard).toEqual(['j', 'j', '↓', '']);
    expect(ink).toEqual(['j', 'j', '\u001b[B', '\r']);
    stop();
  });

  it('joins an escape sequence cut between two reads, and takes a lone Esc for Esc', async () => {
    const { heard, terminal, stop } = wired();
    terminal.write('\u001b');
    terminal.write('[B');
    await turns(10);
    expect(heard).toEqual(['↓']);
    terminal.write('\u001b');
    await turns(10);
    expect(heard).toEqual(['↓', 'Esc']);
    stop();
  });

  it('holds raw mode while it reads, and gives the terminal back when stopped', () => {
    const { terminal, stop } = wired();
    expect(terminal.rawMode).toBe(true);
    expect(terminal.listenerCount('readable')).toBe(1);
    stop();
    expect(terminal.rawMode).toBe(false);
    expect(terminal.listenerCount('readable')).toBe(0);
  });
});
