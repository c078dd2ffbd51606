import t from "tap";
import { clip, plainText } from "../../src/summarizer/text.ts";

t.test("plainText: markdown blocks become prose", async (t) => {
  t.equal(plainText("# Title\nSome *text* on\ntwo lines.\n\n1. one\n2. two"), "Title. Some text on two lines. one; two");
  t.equal(plainText("![diagram](x.png) see <b>bold</b> and __this__"), "diagram see bold and this");
  t.equal(plainText("[click](javascript:alert(3)) and [Lisp](https://en.wikipedia.org/wiki/Lisp_(programming_language)) now"), "click and Lisp now", "a URL holding a pair of parentheses");
  t.equal(plainText("---\n***\n"), "");
  t.equal(plainText("a\r\nb\rc"), "a b c");
});

t.test("clip: untouched when it fits, never longer than asked", async (t) => {
  t.equal(clip("short", 10), "short");
  t.equal(clip("exactly10!", 10), "exactly10!");
  for (const max of [0, 1, 2, 3, 10, 57]) t.ok(clip("a fairly long sentence that will not fit in it", max).length <= max, `max ${max}`);
  t.equal(clip("abc", 1), "");
});

t.test("clip: whole sentences, else a word boundary, else between characters", async (t) => {
  t.equal(clip("First sentence here. Second one is longer than the rest.", 30), "First sentence here. …");
  t.equal(clip("one two three four five six seven", 20), "one two three four…");
  t.equal(clip("Supercalifragilisticexpialidocious", 12), "Supercalifr…");
  t.equal(clip("日本語の文章はスペースがありません", 8), "日本語の文章は…");
});
