// Interface words that depend on a key: rule options and their explanations, profiles, bot levels,
// table states and the codes of HTTP errors. Every id is a literal here, so extraction finds it.
import type { Refusal } from "../connection";
import { pt, t } from "../i18n";
import type { Narrator } from "../i18n/render";

export function botLevel(level: string): string {
  switch (level) {
    case "easy":
      return pt("bot level", "easy");
    case "medium":
      return pt("bot level", "medium");
    case "hard":
      return pt("bot level", "hard");
    case "expert":
      return pt("bot level", "expert");
    default:
      return level;
  }
}

export function profileLabel(profile: string): string {
  switch (profile) {
    case "bga":
      return t("Board Game Arena (default)");
    case "official":
      return t("The printed rule book");
    case "bga-legacy":
      return t("Board Game Arena, older rules");
    case "bga-current":
      return t("Board Game Arena, current rules");
    default:
      return profile;
  }
}

export function profileHelp(profile: string): string {
  switch (profile) {
    case "bga":
      return t("The rules most players know from Board Game Arena; unresolved ties give no token.");
    case "official":
      return t("As the rule book of each edition says: an unresolved tie gives every tied player a token.");
    case "bga-legacy":
      return t("No face-up cards with two players, and the Sycophant may mandate its own player.");
    case "bga-current":
      return t("Fewer tokens to win with five or more players, no face-up cards and no tie-break.");
    default:
      return "";
  }
}

export type OptionInfo = { label: string; help: string; choices: { value: unknown; label: string }[] };

/** The rule options a table of this edition and size can change, each with its explanation. */
export function optionInfo(name: string, edition: string, players: number): OptionInfo | null {
  const yesNo = [
    { value: false, label: t("no") },
    { value: true, label: t("yes") },
  ];
  switch (name) {
    case "twoPlayerFaceUp":
      if (players !== 2) return null;
      return {
        label: t("Face-up cards with two players"),
        help: t("With two players, three more cards are set aside face up at the start of each round, for everyone to see."),
        choices: [
          { value: 3, label: t("three cards face up") },
          { value: 0, label: t("none") },
        ],
      };
    case "tieBreak":
      return {
        label: t("Tie at the showdown"),
        help: t("When the highest cards are equal at the end of the deck, the highest sum of discarded cards can break the tie."),
        choices: [
          { value: "discardSum", label: t("sum of discarded cards") },
          { value: "none", label: t("no tie-break") },
        ],
      };
    case "tieBreakIncludesHand":
      return { label: t("The tie-break counts the card in hand"), help: t("Add the value of the card still in hand to the sum of discarded cards."), choices: yesNo };
    case "unresolvedTie":
      return {
        label: t("A tie that stays a tie"),
        help: t("Who gains a token when the tie-break does not separate the players."),
        choices: [
          { value: "noWinner", label: t("nobody") },
          { value: "allWin", label: t("every tied player") },
        ],
      };
    case "simultaneousGoal":
      return {
        label: t("Several players reach the goal together"),
        help: t("Bonus tokens can bring two players to the goal at the same time."),
        choices: [
          { value: "shared", label: t("they share the win") },
          { value: "mostTokens", label: t("the one with the most tokens wins") },
        ],
      };
    case "nextRoundStarter":
      return {
        label: t("Who starts the next round"),
        help: t("By default the winner of the last round starts the next one."),
        choices: [
          { value: "deterministic", label: t("the winner of the last round") },
          { value: "random", label: t("a random player") },
        ],
      };
    case "sycophantSelfMandate":
      if (edition !== "premium" || players < 5) return null;
      return {
        label: t("Sycophant on its own player"),
        help: t("Whether a Sycophant may choose the player who played it."),
        choices: [
          { value: "noEffect", label: t("allowed, with no effect") },
          { value: "ignoreMandate", label: t("allowed; the mandate is ignored") },
        ],
      };
    case "constableCountsHandCard":
      if (edition !== "premium" || players < 5) return null;
      return { label: t("Constable in hand counts"), help: t("Whether a Constable still in hand when you are knocked out gives its token."), choices: yesNo };
    default:
      return null;
  }
}

export function tableStatus(status: string): string {
  switch (status) {
    case "waiting":
      return t("waiting for players");
    case "playing":
      return t("playing");
    case "finished":
      return t("finished");
    default:
      return status;
  }
}

/** An HTTP API error code, in words. */
export function apiError(code: string): string {
  switch (code) {
    case "network":
      return t("The server cannot be reached. Check your connection and try again.");
    case "no_such_table":
    case "http_404":
      return t("There is no such table.");
    case "bad_invite":
    case "invite_required":
      return t("This table is private: you need its invite link.");
    case "seat_taken":
    case "table_full":
      return t("That seat is taken.");
    case "bad_name":
      return t("A name has 1 to 24 characters.");
    case "not_creator":
      return t("Only the person who created the table can do that.");
    case "seats_open":
    case "not_ready":
      return t("Every seat must be filled before the game starts.");
    case "bad_token":
    case "http_401":
      return t("Choose a name first.");
    case "too_many_requests":
    case "http_429":
      return t("Too many requests at once: wait a few seconds and try again.");
    default:
      return t("Something went wrong ({code}).", { code });
  }
}

/** Why the server refused a command, in this language: its `say` (the refusal's narration, worded by
 *  loveletter.narrate's catalogs), else the fallback, for a frame that came without one. */
export function refusalText(n: Narrator, r: Pick<Refusal, "say">, fallback: string): string {
  return r.say ? n.render(r.say) : fallback;
}
