"""The readable analysis report in five languages (en, es, fr, nl, zh).

The report's few sentences are kept here, per language, so that the research commands add nothing
to the interface catalogs; card and edition names come from those catalogs
(:class:`loveletter.i18n.Translator`) and the filling follows each language's typography.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine import parse_decision
from ..i18n import LANGS, Translator, detect_lang, typography

TEXTS: dict[str, dict[str, str]] = {
    "title": {
        "en": "Analysis of {seat}'s decisions: {edition}, {players} players",
        "es": "Análisis de las decisiones de {seat}: {edition}, {players} jugadores",
        "fr": "Analyse des décisions de {seat} : {edition}, {players} joueurs",
        "nl": "Analyse van de beslissingen van {seat}: {edition}, {players} spelers",
        "zh": "{seat} 的决策分析：{edition}，{players} 名玩家",
    },
    "method": {
        "en": "Estimate: the chance of winning the game after each choice, {rollouts} playouts per choice with "
              "{policy} playing every seat afterwards (95% intervals).",
        "es": "Estimación: probabilidad de ganar la partida tras cada opción, {rollouts} simulaciones por opción "
              "en las que {policy} juega en todos los asientos después (intervalos del 95 %).",
        "fr": "Estimation : probabilité de gagner la partie après chaque choix, {rollouts} parties simulées par "
              "choix, {policy} jouant ensuite à toutes les places (intervalles à 95 %).",
        "nl": "Schatting: de kans om het spel te winnen na elke keuze, {rollouts} simulaties per keuze waarin "
              "{policy} daarna op elke plaats speelt (95%-intervallen).",
        "zh": "估计：每个选择之后赢得整局游戏的概率，每个选择模拟 {rollouts} 次，"
              "之后所有座位由 {policy} 进行（95% 区间）。",
    },
    "position": {
        "en": "Round {round}, turn {turn}: hand {hand}",
        "es": "Ronda {round}, turno {turn}: mano {hand}",
        "fr": "Manche {round}, tour {turn} : main {hand}",
        "nl": "Ronde {round}, beurt {turn}: hand {hand}",
        "zh": "第 {round} 轮，第 {turn} 回合：手牌 {hand}",
    },
    "played": {
        "en": "Played: {choice}", "es": "Jugada: {choice}", "fr": "Joué : {choice}", "nl": "Gespeeld: {choice}",
        "zh": "所选：{choice}",
    },
    "best": {
        "en": "Best: {choice}", "es": "Mejor: {choice}", "fr": "Meilleur : {choice}", "nl": "Beste: {choice}",
        "zh": "最佳：{choice}",
    },
    "mistake": {
        "en": "MISTAKE: {loss} percentage points of winning chance lost",
        "es": "ERROR: se pierden {loss} puntos porcentuales de probabilidad de ganar",
        "fr": "ERREUR : {loss} points de pourcentage de chance de victoire perdus",
        "nl": "FOUT: {loss} procentpunt winkans verloren",
        "zh": "失误：胜率损失 {loss} 个百分点",
    },
    "forced": {
        "en": "The only legal choice.", "es": "La única opción legal.", "fr": "Le seul choix légal.",
        "nl": "De enige legale keuze.", "zh": "唯一的合法选择。",
    },
    "yours": {
        "en": "(your choice)", "es": "(su elección)", "fr": "(votre choix)", "nl": "(uw keuze)", "zh": "（你的选择）",
    },
    "summary": {
        "en": "Mistakes: {count} of {total} decisions", "es": "Errores: {count} de {total} decisiones",
        "fr": "Erreurs : {count} sur {total} décisions", "nl": "Fouten: {count} van {total} beslissingen",
        "zh": "失误：{total} 个决策中有 {count} 个",
    },
}


def text(key: str, lang: str, **fields: Any) -> str:
    template = typography.polish(lang, TEXTS[key][lang])
    return typography.fill(lang, template, fields)


def describe_choice(decision_text: str, edition: str, t: Translator) -> str:
    """A decision in words: the card's name, then its targets and guess in the text form."""
    d = parse_decision(decision_text)
    card = getattr(d, "card", None)
    if getattr(d, "kind", None) != "play" or card is None:
        return decision_text
    out = t.card(card, edition)
    targets = getattr(d, "targets", ()) or ()
    if targets:
        out += " → " + ", ".join(f"P{s}" for s in targets)
    guess = getattr(d, "guess", None)
    if guess is not None:
        out += f" = {guess}"
    return out


def render_report(analysis: Mapping[str, Any], lang: str | None = None) -> str:
    lang = lang or detect_lang()
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; choose one of: {', '.join(LANGS)}")
    t = Translator(lang, strict=False)
    ed = analysis["edition"]

    def pct(win: float | None, ci: list[float] | None) -> str:
        if win is None or ci is None:
            return ""
        return f"{100 * win:.1f}% [{100 * ci[0]:.1f}, {100 * ci[1]:.1f}]"

    lines = [text("title", lang, seat=f"P{analysis['seat']}", edition=t.edition(ed), players=analysis["players"]),
             text("method", lang, rollouts=analysis["rollouts"], policy=analysis["policy"]), ""]
    for e in analysis["decisions"]:
        hand = ("、" if lang == "zh" else ", ").join(t.card(c, ed) for c in e["hand"])
        lines.append(text("position", lang, round=e["round"], turn=e["turn"], hand=hand))
        if e["forced"]:
            lines.append("  " + text("played", lang, choice=describe_choice(e["chosen"], ed, t)) + "  "
                         + text("forced", lang))
            lines.append("")
            continue
        for c in e["choices"]:
            mark = "  " + text("yours", lang) if c["chosen"] else ""
            lines.append(f"  {pct(c['win'], c['ci95']):>22}  {describe_choice(c['decision'], ed, t)}{mark}")
        if e["mistake"]:
            lines.append("  " + text("best", lang, choice=describe_choice(e["best"], ed, t)) + " -- "
                         + text("mistake", lang, loss=f"{100 * e['loss']:.1f}"))
        lines.append("")
    total = sum(1 for e in analysis["decisions"] if not e["forced"])
    lines.append(text("summary", lang, count=analysis["mistakes"], total=total))
    return "\n".join(lines)


def annotation_text(entry: Mapping[str, Any], edition: str, lang: str | None = None) -> str:
    """One line for a replay viewer: the choice's estimate, and the best choice when it was a mistake."""
    lang = lang or detect_lang()
    t = Translator(lang, strict=False)
    chosen = next((c for c in entry["choices"] if c["chosen"]), None)
    line = text("played", lang, choice=describe_choice(entry["chosen"], edition, t))
    if entry["forced"] or chosen is None or chosen["win"] is None:
        return line + "  " + text("forced", lang)
    line += f"  {100 * chosen['win']:.1f}% [{100 * chosen['ci95'][0]:.1f}, {100 * chosen['ci95'][1]:.1f}]"
    if entry["mistake"]:
        best = next(c for c in entry["choices"] if c["decision"] == entry["best"])
        line += ("  " + text("best", lang, choice=describe_choice(entry["best"], edition, t))
                 + f" {100 * best['win']:.1f}%  " + text("mistake", lang, loss=f"{100 * entry['loss']:.1f}"))
    return line
