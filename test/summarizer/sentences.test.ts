import t from "tap";
import { guessLanguage } from "../../src/summarizer/language.ts";
import { isPleasantry, withoutGreeting } from "../../src/summarizer/lexicon.ts";
import { isQuestion, splitSentences } from "../../src/summarizer/sentences.ts";

t.test("sentences end at . ! ? … before a space, and at 。！？", async (t) => {
  t.same(splitSentences("Wir wollen max. 1.300 € ausgeben. budget is like 400 max. should i get a pixel?"), ["Wir wollen max. 1.300 € ausgeben.", "budget is like 400 max.", "should i get a pixel?"], "'max.' before an amount ends no sentence; after one it may");
  t.same(splitSentences("I use Python 3.11 and v1.2. Is it ok? Yes!! Great… ok"), ["I use Python 3.11 and v1.2.", "Is it ok?", "Yes!!", "Great…", "ok"]);
  t.same(splitSentences('He said "stop." Then left.'), ['He said "stop."', "Then left."]);
  t.same(splitSentences("家族は4人です。配送は土曜日？はい"), ["家族は4人です。", "配送は土曜日？", "はい"]);
  t.same(splitSentences(""), []);
  t.same(
    splitSentences("Abflug am 7. Juni, Rückflug am 21. Juni. Es war der 2. Versuch. Seite 5. Mai kommt."),
    ["Abflug am 7. Juni, Rückflug am 21. Juni.", "Es war der 2.", "Versuch.", "Seite 5. Mai kommt."],
    "a German date's day ends no sentence",
  );
  t.same(
    splitSentences("Wir wohnen im 4. Stock. Ab dem 2. semester nur Java. Ich lief 5. Dann nichts."),
    ["Wir wohnen im 4. Stock.", "Ab dem 2. semester nur Java.", "Ich lief 5.", "Dann nichts."],
    "nor a German ordinal's before its floor, term or class, in any case",
  );
  t.same(
    splitSentences("Budget ca. 1.500 € inkl. Flug. Approx. 20 km a day, e.g. Lyon. Dr. Weber said so. It costs 5 Mr. Nobody."),
    ["Budget ca. 1.500 € inkl. Flug.", "Approx. 20 km a day, e.g. Lyon.", "Dr. Weber said so.", "It costs 5 Mr. Nobody."],
    "nor an abbreviation's that a number or a name follows",
  );
  t.same(splitSentences("Wir fahren vom 12. bis 19. Mai. Am 2. und 3. Juni nicht."), ["Wir fahren vom 12. bis 19. Mai.", "Am 2. und 3. Juni nicht."], "nor a German date range's first day");
});

t.test("a question ends with a question mark, before closing quotes", async (t) => {
  t.ok(isQuestion("Can the courier come on Friday?"));
  t.ok(isQuestion('Did you say "Friday?"'));
  t.ok(isQuestion("日曜日に変更できますか？"));
  t.notOk(isQuestion("I wonder why."));
});

t.test("greetings, thanks and acknowledgements are told from facts", async (t) => {
  for (const sentence of ["Hi there!", "Thanks a lot.", "ok", "Thank you so much!", "Merci beaucoup !", "Thanks, that fixed it.", "こんにちは。"]) {
    t.ok(isPleasantry(sentence), sentence);
  }
  for (const sentence of ["Thanks, my order number is 4411.", "Hi, I'm allergic to peanuts.", "ok, budget is $50"]) t.notOk(isPleasantry(sentence), sentence);
  t.equal(withoutGreeting("Hi, I manage the account for Brightline."), "I manage the account for Brightline.");
  t.equal(withoutGreeting("Hello there! we need help"), "We need help");
  for (const sentence of ["Hiking is my hobby.", "Hinflug ist am 7. Juni.", "Holanda es bonita.", "Heyday of the band.", "Salutations."]) {
    t.equal(withoutGreeting(sentence), sentence, `a word that starts like a greeting is no greeting: ${sentence}`);
  }
});

t.test("the language of a text: by its script, and for Latin script by its most common words", async (t) => {
  t.equal(guessLanguage("The user is allergic to peanuts and wants a plan for the week."), "en");
  t.equal(guessLanguage("Je suis allergique aux arachides et je voudrais un plan pour la semaine."), "fr");
  t.equal(guessLanguage("Ich bin gegen Erdnüsse allergisch und möchte einen Plan für die Woche."), "de");
  t.equal(guessLanguage("家族は4人です。配送は日曜日にお願いします。予算は3万円くらいです。"), "ja");
  t.equal(guessLanguage("我们的订单服务用 Go 写的，内存一直在涨，怀疑是泄漏。"), "zh");
  t.equal(guessLanguage("Peanuts."), undefined, "too short to tell");
});
