// The rules page: how a round goes, how to win, every card of the edition, and tips, per edition.
// Written for this project from the content of the Board Game Arena help pages (the seed pages);
// card names and effects come from the catalogs shared with the terminal.
import { EDITIONS, GAME } from "../game";
import { catalog, t } from "../i18n";
import { Narrator } from "../i18n/render";
import { linkHandler } from "../router";
import { Reference } from "./board";

function tips(edition: string): string[] {
  const common = [
    t("Count the cards: the reference lists how many copies there are, and every discard pile is open. The counter of cards not yet seen does the sums for you."),
    t("Remember what the Priest and the Baron told you: a card you saw stays in that hand until its holder plays it or trades it."),
    t("The Handmaid protects you until your next turn: play her when you hold a card you want to keep."),
  ];
  if (edition === "classic") {
    return [
      ...common,
      t("With the Guard, name a value that is still unseen many times; the Princess is only one card."),
      t("Holding the Countess tells nothing for sure: she may be played by choice, and she must be played with the King or a Prince."),
    ];
  }
  if (edition === "premium") {
    return [
      ...common,
      t("With five players or more, the Bishop scores a token when he names the value of a card, and the Assassin knocks out the player whose Guard chose you."),
      t("The Count adds one to your final value for each Count in your discard pile: a weak hand can still win the showdown."),
      t("The Constable gives a token to a player knocked out with him in the discard pile; the Jester gives one to its player if the chosen player wins the round."),
    ];
  }
  return [
    ...common,
    t("The Spy gives a bonus token to the only player still in the round who played or discarded one."),
    t("The Chancellor lets you draw two cards, keep one and put the others on the bottom of the deck in the order you choose."),
    t("The King is worth 7 and the Countess 8 in this edition; the Princess is worth 9."),
  ];
}

function Goals(props: { edition: string }) {
  const goals = GAME.editions[props.edition].goals;
  return (
    <table class="goals">
      <caption>{t("Tokens to win")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("Players")}</th>
          <th scope="col">{t("Tokens")}</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(goals).map(([p, g]) => (
          <tr>
            <td>{p}</td>
            <td>{g}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Rules(props: { edition: string | null }) {
  const edition = props.edition && (EDITIONS as readonly string[]).includes(props.edition) ? props.edition : "classic";
  const c = catalog.value!;
  const ed = GAME.editions[edition];
  const decks = [...new Set(Object.keys(ed.decks).map((p) => JSON.stringify(ed.decks[p].counts)))].map((key) =>
    Object.keys(ed.decks).map(Number).filter((p) => JSON.stringify(ed.decks[String(p)].counts) === key),
  );
  return (
    <article class="rules panel">
      <nav aria-label={t("Editions")}>
        {EDITIONS.map((e) => (
          <a href={`/rules/${e}`} onClick={linkHandler(`/rules/${e}`)} aria-current={e === edition ? "page" : undefined}>
            {c.edition(e)}
          </a>
        ))}
      </nav>
      <h1>{t("Rules: {edition}", { edition: c.edition(edition) })}</h1>
      <h2>{t("The goal")}</h2>
      <p>{t("Each of you holds one secret card: the person carrying your letter to the princess. At the end of a round, the player whose card is the highest, or the last one still in the round, gains a token of affection.")}</p>
      <Goals edition={edition} />
      <h2>{t("A round")}</h2>
      <p>{t("The deck is shuffled and one card is set aside face down, unseen. Each player gets one card; the rest is the deck.")}</p>
      {ed.decks["2"] ? <p>{t("With two players, three more cards are set aside face up for everyone to see (a rule option).")}</p> : null}
      <p>{t("On your turn you draw a card, then play one of your two cards face up in front of you and do what it says. Its effect happens even if it hurts you.")}</p>
      <p>{t("A player who is knocked out discards their hand and sits out the rest of the round.")}</p>
      <h2>{t("The end of a round")}</h2>
      <p>{t("The round ends when only one player is left, or when the deck is empty at the end of a turn. Then everyone still in reveals their card: the highest value wins. A tie goes to the player with the highest sum of discarded cards.")}</p>
      <h2>{t("The cards")}</h2>
      {decks.map((counts) => (
        <Reference edition={edition} players={counts[0]} deck={ed.decks[String(counts[0])]} n={new Narrator(c, { seats: [], edition, deck: ed.decks[String(counts[0])] })} />
      ))}
      <h2>{t("Tips")}</h2>
      <ul class="tips">
        {tips(edition).map((x) => (
          <li>{x}</li>
        ))}
      </ul>
      <p class="muted">{t("These pages are our own summary of the rules, written for this project.")}</p>
    </article>
  );
}
