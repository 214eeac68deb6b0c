"""Rattus Cartus, the scoring reference the companion implements (ids ``RC-…``).

Written from the Spanish rulebook (its components, the rat tokens, the six-class influence board, the
building and population cards, the Nuns row and the plague check, are those of Rattus Cartus).
Source of truth for ``docs/rules/rattus-cartus.md`` and the rules page.
"""

from __future__ import annotations

from companion.rules.model import N_, GameRules, Option, Rule, Section

SHAPE = Section("RC-G", N_("Game shape (for live tracking)"), (
    Rule("RC-G1", N_("Players and rounds"), N_(
        "2 to 5 players. 10 rounds with 2 players, 9 with 3, 8 with 4 or 5. A round has five steps: A draw "
        "building cards, B supplies, C access buildings and play population cards, D resolve buildings, E end of "
        "round (the start player card passes to the left).")),
    Rule("RC-G2", N_("Classes"), N_(
        "There are six classes, each with its own influence track: Peasantry (Campesinado), Burghers (Burguesía), "
        "Church (Iglesia), Knighthood (Caballería), Royalty (Realeza) and Sorcery (Hechicería).")),
    Rule("RC-G3", N_("Rats"), N_(
        "Every player begins with rat tokens worth 10 in all, kept secret until the end. At any time 3 (or 5) "
        "tokens of value 1 can be changed for one token of value 3 (or 5). A rat gained or discarded is always a "
        "token of value 1.")),
    Rule("RC-G4", N_("The Nuns row"), N_(
        "At setup 5 population cards are laid face down as the row of Nuns. Players may look at them only "
        "through the actions that allow it (the supply symbol, the Fortune-teller's shop), and their order never "
        "changes. At the end they are turned up and the Nuns among them are "
        "counted.")),
    Rule("RC-G5", N_("Resolving a building"), N_(
        "Each population card or wildcard played on a building gives +1 influence in the building's class; each "
        "population card of another class gives +1 rat. Whoever played the most population cards plus wildcards "
        "there takes the preferred action (on a tie, whoever accessed the building first); the others take the "
        "normal action. In the final round no actions are taken: the player who would have had the preferred "
        "action gains +1 influence in that building's class instead. With 2 players only one of the two takes a "
        "preferred action each round, even at different buildings: the one who played more population cards plus "
        "wildcards at their building (on a tie, whoever accessed a building first); the other takes the normal "
        "action. In the final round, likewise, only that player gains the +1 influence.")),
    Rule("RC-G6", N_("Set-up and drawing building cards"), N_(
        "At set-up, building cards are set aside face down as the reserve deck: 10 with 2 players, 12 with 3, 6 "
        "with 4 or 5. In phase A, 3 building cards are drawn into a row with 4 or 5 players, 2 with 2 or 3. If "
        "every drawn card shows the same building, the last one drawn is swapped for the top card of the reserve "
        "deck (the card replaced goes to the bottom of the reserve deck), again and again until a different "
        "building shows.")),
    Rule("RC-G7", N_("Safe-conducts"), N_(
        "In phase C, a player may play a Safe-conduct at the start of their turn instead of accessing a building: "
        "the turn passes to the next player, and it is their turn again once all the others have chosen a "
        "building (or played Safe-conducts); then they choose a building or play another Safe-conduct.")),
))

FINAL = Section("RC-F", N_("Final scoring"), (
    Rule("RC-F1", N_("Class majorities"), N_(
        "In each class the most influence scores 10 VP, the second 5 and the third 2. A player with no influence "
        "in a class scores nothing there. With 2 players only the 10 and the 5 are given.")),
    Rule("RC-F2", N_("Influence ties"), N_(
        "Tied markers on one space are ordered by the stack: the marker lower down got there first and beats the "
        "ones above it, so two players never share a place in a class. The companion asks for the stacking order "
        "of tied markers only where the tie decides a score, that is where it touches a scoring place (1st to "
        "3rd, or 1st and 2nd with 2 players). A tie below the scoring places changes nothing and is not asked "
        "for.")),
    Rule("RC-F3", N_("Hand"), N_(
        "The most population cards plus wildcards in hand scores 2 VP; tied players score 1 VP each.")),
    Rule("RC-F4", N_("Special cards"), N_(
        "Swords, Safe-conducts and Flutes (every special card type but Gold) are scored one type at a time: the "
        "most cards of that type scores 2 VP; tied players score 1 VP each.")),
    Rule("RC-F5", N_("Gold"), N_(
        "Only when the Treasury building was used in the game: the most Gold cards scores 6 VP and the second most "
        "3 VP. Players tied for the most split 9 VP among them, rounded down, and nobody scores second. Players "
        "tied for second split the 3 VP, rounded down. With 2 players there is no second place for Gold, and a "
        "tie for the most still splits the 9 (4 each), because the rulebook prints no exception for it. A table "
        "that would rather split only the 6 may choose that as a table option; it is never the default.")),
    Rule("RC-F6", N_("VP tokens"), N_("VP tokens score the value printed on them.")),
    Rule("RC-F7", N_("Plague"), N_(
        "Everyone reveals their rat tokens and adds them up. The Nuns row is turned up and its Nuns are counted. A "
        "player whose rats add up to more than the number of Nuns is wiped out by the plague and loses, whatever "
        "their VP.")),
    Rule("RC-F8", N_("Winner"), N_(
        "The survivor with the most VP wins; on a tie, the lower rat total wins; if still tied, the victory is "
        "shared.")),
    Rule("RC-F9", N_("Everyone wiped out"), N_(
        "Then everybody loses. A table that still wants a winner may, as a table option, let the player with the "
        "lowest rat total survive alone, and RC-F8 then applies to them.")),
))

RULINGS = Section("RC-I", N_("Rulings"), (
    Rule("RC-I1", N_("The most needs a card"), N_(
        "In RC-F3, RC-F4 and RC-F5 a player needs at least one card to have the most: a player with none cannot "
        "score there.")),
    Rule("RC-I2", N_("Ties for special cards"), N_(
        "In RC-F4 every tied player scores 1 VP, however many are tied, and nobody else scores for that type.")),
    Rule("RC-I3", N_("A Safe-conduct with nobody left to wait for"), N_(
        "The rulebook does not say what happens when the last player still to choose in phase C plays a "
        "Safe-conduct. Read literally, the others have all chosen, so the turn comes straight back to them; the "
        "companion therefore does not record one then: that player accesses a building.")),
))

OPTIONS = (
    Option("plague_survivor", "RC-F9", N_("A survivor when the plague takes everyone"), N_(
        "When every player is wiped out, the player with the lowest rat total survives alone instead of everybody "
        "losing."), False),
    Option("gold_two_player_tie", "RC-F5", N_("Two-player Gold tie"), N_(
        "How two players tied for the most Gold share the points."), "split_9", (
        ("split_9", N_("Split 9 VP, 4 each, as printed (the default)")),
        ("split_6", N_("Split only the 6 VP, 3 each")),
    )),
)

RULES = GameRules(
    slug="rattus-cartus",
    name=N_("Rattus Cartus"),
    intro=N_(
        "The scoring rules the companion follows, written from the Spanish rulebook. Every rule has an id starting "
        "with RC-."),
    sections=(SHAPE, FINAL, RULINGS),
    options=OPTIONS,
)
