import { SIMPLE_CHARACTERS } from './simple-width.js';

/**
 * Text in which every UTF-16 code unit is a grapheme of its own: SIMPLE_CHARACTERS, and the
 * controls that Ink's output holds (tab, line feed, ESC and CSI of its ANSI escapes). A carriage
 * return is not in it: before a line feed, the two are one grapheme.
 */
const ONE_UNIT_GRAPHEMES = new RegExp(`^[\\t\\n\\u001B\\u009B${SIMPLE_CHARACTERS}]*$`);

/** Whether every UTF-16 unit of `text` is a grapheme of its own (ONE_UNIT_GRAPHEMES). */
export const isOneUnitText = (text: string) => ONE_UNIT_GRAPHEMES.test(text);

type Segment = { segment: string; index: number; input: string };

/** What Intl.Segmenter's segment() gives for text of ONE_UNIT_GRAPHEMES: one segment a unit. */
class OneUnitSegments {
  constructor(private readonly input: string) {}

  containing(at?: number): Segment | undefined {
    const index = Math.trunc(Number(at ?? 0)) || 0;
    if (index < 0 || index >= this.input.length) return undefined;
    return { segment: this.input.charAt(index), index, input: this.input };
  }

  *[Symbol.iterator](): Iterator<Segment> {
    for (let index = 0; index < this.input.length; index++) {
      yield { segment: this.input.charAt(index), index, input: this.input };
    }
  }
}

/**
 * Intl.Segmenter, made only when some text needs it. Creating the first Intl.Segmenter of a
 * process loads ICU's break rules (~10 ms); Ink and the libraries it draws with (slice-ansi,
 * ansi-tokenize, string-width) each make one as they load, and segment every line of every frame.
 * Text whose every code unit is a grapheme (ONE_UNIT_GRAPHEMES, all that the UI's first frame
 * draws) is segmented here, exactly as ICU would; any other goes to a real Intl.Segmenter.
 *
 * The bundle puts this in place of `new Intl.Segmenter(…)` in those libraries (scripts/build.mjs,
 * lazySegmenters); test/ui/grapheme-segmenter.test.ts checks it against Intl.Segmenter.
 */
export class GraphemeSegmenter {
  #real: Intl.Segmenter | undefined;
  readonly #locales: Intl.LocalesArgument;
  readonly #options: Intl.SegmenterOptions | undefined;

  constructor(locales?: Intl.LocalesArgument, options?: Intl.SegmenterOptions) {
    this.#locales = locales;
    this.#options = options;
  }

  segment(input: string): Intl.Segments {
    const text = String(input);
    const grapheme = (this.#options?.granularity ?? 'grapheme') === 'grapheme';
    if (grapheme && isOneUnitText(text)) {
      return new OneUnitSegments(text) as unknown as Intl.Segments;
    }
    return this.#intl().segment(text);
  }

  resolvedOptions(): Intl.ResolvedSegmenterOptions {
    return this.#intl().resolvedOptions();
  }

  #intl(): Intl.Segmenter {
    this.#real ??= new Intl.Segmenter(this.#locales, this.#options);
    return this.#real;
  }
}
