"""Lockup's rulings (``I-…``) where the rulebook editions differ or are silent, and its table options.

Part of the Lockup rules reference (:mod:`companion.rules.lockup`), kept apart to keep each module short.
"""

from __future__ import annotations

from companion.rules.model import N_, Option, Rule, Section

RULINGS = Section("I", N_("Rulings"), (
    Rule("I-1", N_("Declining a reward"), N_(
        "About L-LO6 the editions differ: the Spanish rulebook passes a declined reward down to the next players, "
        "while the Spanish translation of the English rulebook and the Polish rulebook leave the other players' "
        "rewards as they were. The companion leaves the ranks unchanged, as two editions, the English original "
        "among them, do. Table option: declined rewards pass down.")),
    Rule("I-2", N_("Tiers on the 1–2 player side"), N_(
        "A tier marked for N or more players does not exist with fewer players; each ranked player without a "
        "better tier then falls into the location's other tier, where it has one (Sewers 2p: first 2 scrap, "
        "second 1 scrap; Commissary 2p: the second may make the 2-for-1 exchange). Only the Polish rulebook prints "
        "the 3+ notes on the second tiers of the Exercise Yard and the Commissary. The Spanish rulebook leaves both "
        "out; the Spanish translation of the English rulebook leaves out the Exercise Yard's and stops after the "
        "Sewers, before the Commissary. The companion follows the Polish rulebook "
        "by default, because the board side for 1–2 players decides and only that edition describes it. Table "
        "option, second tiers as in the Spanish rulebook: a second place in a 2-player or solo game gets the +1 "
        "power at the Exercise Yard and the 1-for-1 exchange at the Commissary.")),
    Rule("I-3", N_("Optional rewards not taken"), N_(
        "A Commissary exchange, a recruit, a craft or a reservation that the player refuses or cannot pay for "
        "counts as declining: the player is a straggler. The exception is a first-ranked player who gets Bandit "
        "cubes there (I-17): those cubes are a reward, so that player keeps them and goes home.")),
    Rule("I-4", N_("No suspicion, no loss"), N_(
        "A reading the books do not print: only players holding at least one suspicion cube can be the most or "
        "the second most in a raid, so a player with none never loses reputation to it. Read literally, both "
        "rulebooks only compare the counts: with 3 or more players, players with no cube can be tied for second "
        "most (2 each) or, when nobody has a cube, tied for the most (4 each). That can change the winner. Table "
        "option: raids as printed.")),
    Rule("I-5", N_("Location cubes in a solo raid"), N_(
        "The solo raid rule only speaks of the boards; the general rule L-RD5 still sends the cubes on the "
        "locations back to the supply in every solo raid.")),
    Rule("I-6", N_("Bandit cubes and setup"), N_(
        "Bandits feed their resource only in the Patrol phase (L-P4); setup (L-S5) puts out suspicion cubes only. "
        "A Bandit cube that nobody collects stays on its location, and more can pile up.")),
    Rule("I-7", N_("Solo pass"), N_(
        "If the solo player passes with tiles left, the phase ends at once, just as when all tiles are placed.")),
    Rule("I-8", N_("A guard turn with nothing to turn up"), N_(
        "If no face-down guard card is left, the guards' turn skips that step but still turns up a location card. "
        "An empty guard deck places nothing. An empty location deck ends the guards' turns for the round.")),
    Rule("I-9", N_("Reserved or display item"), N_(
        "When the guards' Cell Block choice is tied between a reserved item and a display item, the reserved item "
        "counts as the one nearest the item deck.")),
    Rule("I-10", N_("Guards passing suspicion on"), N_(
        "The guards' “give suspicion” effect hands one of their cubes to the player, or does nothing when they "
        "have none.")),
    Rule("I-11", N_("What Cultists and Demons count"), N_(
        "Cultists count crafted items only: reserved (face-down) items are not items the player has. Demons count "
        "treasure icons on face-up cards only.")),
    Rule("I-12", N_("Counting a majority goal"), N_(
        "The end-game majority goal counts item cards that show at least one icon of the goal's treasure type. A "
        "reading the books do not print: a player with no such card cannot score it. Read literally, both "
        "rulebooks only compare the counts: with 3 or more players, players with no such card can be tied for "
        "second (2 each) or, when nobody has one, tied for the most (4 each). That can change the winner. Table "
        "option: majority goal as printed.")),
    Rule("I-13", N_("Claiming goals"), N_(
        "For the guards, leader and instant goals are checked automatically after every change to their state; "
        "for players the companion offers the claim as soon as the condition is met.")),
    Rule("I-14", N_("Straggler values"), N_(
        "Tiles moved to the Library keep their values; an enforcer there is worth the player's power at the moment "
        "the Library resolves.")),
    Rule("I-15", N_("Empty supply"), N_(
        "A reward from an exhausted supply gives whatever is left. The player still counts as rewarded, not as a "
        "straggler, whenever the tier gives anything at all, a Bandit cube (I-17) included.")),
    Rule("I-16", N_("Holding cells are private"), N_(
        "The Spanish and the Polish rulebook both keep the holding cell hidden from the other players (L-S). Every "
        "crew has the same known set of tiles, so showing which tiles are still in a cell would give away the "
        "face-down tiles (L-RC6): which tiles remain is the owner's secret. Other seats, spectators and the shared "
        "table view see only how many tiles each player still holds, never which; a face-down tile on a location "
        "shows as face down, without a value, until Lights Out turns it up.")),
    Rule("I-17", N_("The Bandit cube is part of the reward"), N_(
        "The Bandit cube (L-R9) goes to the first-ranked player together with the rest of the reward and, like "
        "every reward, can be used at once, as both rulebooks say. So it comes first: at the Chow Hall it can pay "
        "for the recruit, and a player who recruits nobody (recruiting is a “may”) keeps the cube and goes home. "
        "Only a player who declines (L-LO6) gives the cube up with everything else, and it stays on the location "
        "(I-6). A first-ranked player who got the cube was rewarded and is never a straggler there.")),
    Rule("I-18", N_("Nearest the item deck"), N_(
        "For L-SO8 and I-9, the item display is entered and shown in order from the slot next to the item deck "
        "outward, and every form that asks for the display says so (slot 1 is the one next to the deck).")),
    Rule("I-19", N_("The leader goal's minimum"), N_(
        "About L-GL1 the editions differ: the Spanish rulebook asks for the most of the type and to reach the "
        "minimum printed on the card; the Polish rulebook asks for the most, above the minimum. The companion "
        "follows the Spanish rulebook by default (a count equal to the minimum claims the goal). Table option, "
        "leader goal above the minimum as in the Polish rulebook: the count must exceed the printed minimum.")),
), intro=N_(
    "Where the editions of the rulebook disagree or say nothing, the companion follows these rulings. A ruling is "
    "a default: where it names a table option, the table can switch it when it sets up the game."))

OPTIONS = (
    Option("pass_rewards_down", "I-1", N_("Declined rewards pass down"), N_(
        "When a player declines a reward, the players ranked below move up and take the better tiers, as the "
        "Spanish rulebook reads."), False),
    Option("spanish_second_tiers", "I-2", N_("Second tiers as in the Spanish rulebook"), N_(
        "In a 2-player or solo game a second place gets the +1 power at the Exercise Yard and the 1-for-1 exchange "
        "at the Commissary."), False),
    Option("raid_zero_ranks", "I-4", N_("Raids as printed"), N_(
        "With 3 or more players a raid compares every player's suspicion cubes, none included: players with no "
        "cube can be tied for second most or, when nobody has one, tied for the most."), False),
    Option("majority_zero_ranks", "I-12", N_("Majority goal as printed"), N_(
        "With 3 or more players the majority goal compares every player's count, none included: players with no "
        "such item can be tied for second or, when nobody has one, tied for the most."), False),
    Option("polish_leader_minimum", "I-19", N_("Leader goal above the minimum, as in the Polish rulebook"), N_(
        "The leader goal is claimed with the most of its type and more than the minimum printed on the card, "
        "not just the minimum."), False),
    Option("ask_fixed_rewards", "L-LO6", N_("Ask before collecting a fixed reward"), N_(
        "Lights Out stops at each player's fixed reward (Exercise Yard, Sewers, Infirmary, Smithy, Library) to ask "
        "whether they collect it or decline it and join the stragglers (L-LO6, I-1). Off, a fixed reward is "
        "collected by itself. A choice reward (Commissary, Chow Hall, Cell Block) offers its decline at its own "
        "prompt either way."), False),
)
