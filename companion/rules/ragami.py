"""Ragami, the scoring and tracking reference the companion implements (ids ``RG-…``).

Written from the Spanish rulebook. Source of truth for ``docs/rules/ragami.md`` and the rules page.
"""

from __future__ import annotations

from companion.rules.model import N_, GameRules, Option, Rule, Section

TRACKED = Section("RG-T", N_("What the companion tracks"), (
    Rule("RG-T1", N_("Players"), N_(
        "2 to 4 players, in yellow, green, blue and purple. For each player the companion tracks Virtue Points "
        "(VP; PV in Spanish), conflicts resolved, white cubes and the value of their Virtue die (0 when it is off "
        "the board). The hands of action cards (3 at most) stay with the players: the companion does not track "
        "them.")),
    Rule("RG-T2", N_("Board"), N_(
        "30 location tokens (1 to 30); 6 conflict dice, each on a location with a value from 1 to 6; demons (6 in "
        "the supply); “no passage” tokens where a conflict die went past 6. The companion keeps track of which "
        "location tokens have been used, from the set-up on: 6 for the conflict dice, 4 for the demons and, with "
        "3 or 2 players, 1 or 2 for the neutral saints. The conflict dice and the action cards stay on the table: "
        "the companion does not track them, except the action card that gives the last-placed player +1 VP "
        "(each of the two, when two are tied) and whoever plays it 2 white cubes (3 when two are tied), which is "
        "recorded as itself (RG-I3). Its VP count toward the 30 VP that end the game (RG-E1).")),
    Rule("RG-T3", N_("Round setup"), N_(
        "In every round but the first: the start player passes to the left; every conflict die goes up by 1 (a "
        "die that reaches 7 leaves the board and its location becomes “no passage”); every Virtue die goes up by "
        "1, plus 1 for each Ragami on or next to its building; the conflict dice in the supply are rolled and "
        "placed with new location tokens; players may turn Virtue die points into VP (3 points = 1 VP) or move "
        "their die (it goes back to 1).")),
    Rule("RG-T4", N_("Conflicts and power"), N_(
        "A conflict's value is its die plus the demons on its location. Power comes from white cubes (1 each), "
        "action cards, saints on the location (1 each; the saint's owner gains 1 VP if the conflict is resolved), "
        "a Virtue die on an adjacent building (spending its points), a second Ragami on the location (2 power; its "
        "owner gains 2 white cubes) and the Power die (once it is rolled no more power may be added; if the roll "
        "fails the Ragami moves to an adjacent building, and the resources spent are not lost).")),
    Rule("RG-T5", N_("Resolving"), N_(
        "Resolving a conflict gives as many VP as the conflict die shows, not the power spent, and +1 conflicts "
        "resolved.")),
))

GAINS = Section("RG-V", N_("Ways to gain VP"), (
    Rule("RG-V1", N_("White cubes"), N_(
        "2 white cubes become 1 VP, at any time on your turn and at the end of the game.")),
    Rule("RG-V2", N_("Purifying demons"), N_(
        "A Ragami that ends its move on a space with only demons purifies them: +1 VP for each demon.")),
    Rule("RG-V3", N_("Resolving a conflict"), N_("As many VP as the conflict die shows.")),
    Rule("RG-V4", N_("Saints"), N_("Your saint on a resolved conflict gives +1 VP to the saint's colour.")),
    Rule("RG-V5", N_("Virtue die"), N_(
        "3 points of the Virtue die become 1 VP, on your turn (without spending an action) or at round setup.")),
    Rule("RG-V6", N_("End-game bonus"), N_("The bonus for conflicts resolved (RG-E3).")),
))

END = Section("RG-E", N_("End of the game and final scoring"), (
    Rule("RG-E1", N_("End"), N_(
        "The game ends at the end of the round in which a player reaches 30 VP, or in which the location tokens "
        "run out.")),
    Rule("RG-E2", N_("Last conversion"), N_("At the end players may still turn white cubes into VP (2 → 1 VP).")),
    Rule("RG-E3", N_("Conflicts bonus"), N_(
        "The most conflicts resolved scores +7 VP and the second most +4 VP; third and fourth score nothing. With "
        "ties, everyone tied for the most gets 7 and everyone tied at the next lower count gets 4 (two tied first "
        "and two tied second: 7, 7, 4, 4).")),
    Rule("RG-E4", N_("Winner"), N_(
        "The most VP wins; on a tie, the most conflicts resolved; if still tied, the victory is shared.")),
))

RULINGS = Section("RG-I", N_("Rulings"), (
    Rule("RG-I1", N_("No bonus without a conflict"), N_(
        "A player who resolved no conflict cannot take the +7 or the +4 bonus. The rulebook says nothing either "
        "way and the ruling can decide the winner, so it is a table option, on by default, and the result shows "
        "it.")),
    Rule("RG-I2", N_("Three tied for the most"), N_(
        "When three players tie for the most in RG-E3, all three get 7, and the fourth gets 4 if they resolved at "
        "least one conflict (the next distinct count is second place).")),
    Rule("RG-I3", N_("The last-place action card"), N_(
        "The card raises “the last player's” score by 1 VP; the companion reads last place on the VP track, as "
        "the card's own ties (“two players tied in last position”) show, and the player who plays it need not be "
        "last. Its gain for whoever plays it, 2 (3 with two tied last), is printed with an icon the reference "
        "text does not reproduce; the companion reads it as white cubes, the only resource a player collects "
        "in Ragami and the one the other cards pay with. The card has no effect with three tied last; four tied "
        "last are read the same way (the card does not say).")),
))

OPTIONS = (
    Option("bonus_needs_conflict", "RG-I1", N_("The conflicts bonus needs a resolved conflict"), N_(
        "A player with no conflict resolved takes neither the +7 nor the +4 bonus. Switched off, the bonus follows "
        "the counts alone, zero included."), True),
)

RULES = GameRules(
    slug="ragami",
    name=N_("Ragami"),
    intro=N_(
        "The scoring and tracking rules the companion follows, written from the Spanish rulebook. Every rule has "
        "an id starting with RG-."),
    sections=(TRACKED, GAINS, END, RULINGS),
    options=OPTIONS,
)
