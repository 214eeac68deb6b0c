"""Lockup: A Roll Player Tale, the rules reference the companion implements (ids ``L-…`` and rulings ``I-…``).

Written from the Spanish rulebook, the Polish rulebook and a Spanish translation of the English rulebook that
stops after the Sewers' rewards.
Source of truth for ``docs/rules/lockup.md`` (``python -m companion.rules`` writes it) and the rules page.
"""

from __future__ import annotations

from companion.rules.lockup_rulings import OPTIONS, RULINGS
from companion.rules.model import N_, GameRules, Rule, Section, Table

COMPONENTS = Section("L-C", N_("Components and supply"), (
    Rule("L-C1", N_("Locations"), N_(
        "There are eight numbered locations, and Lights Out always resolves them in number order: "
        "1 Exercise Yard (Patio de Ejercicios / Siłownia), 2 Sewers (Cloaca / Kanały), 3 Infirmary (Enfermería / "
        "Szpital), 4 Smithy (Forja / Kuźnia), 5 Commissary (Economato / Kantyna), 6 Chow Hall (Comedor / Stołówka), "
        "7 Cell Block (Bloque de Celdas / Blok więzienny), 8 Library (Biblioteca / Biblioteka).")),
    Rule("L-C2", N_("Goon slots"), N_(
        "Locations 2 to 6 (Sewers to Chow Hall) each have one goon slot beside them, so five goons are active at "
        "any time.")),
    Rule("L-C3", N_("A finite supply"), N_(
        "The supply holds 25 scrap, 15 iron, 15 potions, 10 gold, 22 power cubes and 12 suspicion cubes, and the "
        "companion keeps count of it. No cube is ever created or lost: each one is in exactly one place (the "
        "supply, a player's board, the guards' board or a location). When the supply runs short, a gain gives only "
        "what is left.")),
    Rule("L-C4", N_("Crew tiles"), N_(
        "Every player owns 6 crew tiles: a lookout worth 0, an enforcer worth as much as that player's power "
        "cubes, and numbered tiles. With 5 players everyone sets aside their tile numbered 2 and plays with 5 "
        "tiles. The printed numbers belong to the box profile.")),
    Rule("L-C5", N_("Cards"), N_(
        "The box has 34 items, 33 goons, 28 tomes, 18 goals of three kinds, 18 traits, 22 guard cards and 8 "
        "location cards. The companion ships no card texts: the table types in each card face the first time it "
        "shows up, and the catalog remembers it.")),
    Rule("L-C6", N_("Item display"), N_(
        "The item display shows one item more than there are players. Solo uses the 2-player setup, so 3 items.")),
))

SETUP = Section("L-S", N_("Setup"), (
    Rule("L-S1", N_("Board side"), N_(
        "The board has a side for 1–2 players and a side for 3–5 players; the reward tiers depend on the side "
        "(L-R).")),
    Rule("L-S2", N_("Rounds"), N_("The game lasts six rounds; the round marker starts on 1.")),
    Rule("L-S3", N_("Items"), N_("Shuffle the item deck and fill the display up to the number of players + 1.")),
    Rule("L-S4", N_("Goons"), N_("Shuffle the goon deck and deal 5 goons face up onto slots 2 to 6.")),
    Rule("L-S5", N_("Starting suspicion"), N_(
        "Each active goon that shows suspicion icons gets that many suspicion cubes from the supply on its "
        "location.")),
    Rule("L-S6", N_("Tomes"), N_("Shuffle the tome deck.")),
    Rule("L-S7", N_("Standard setup"), N_(
        "Each player uses side A of their crew board, takes 1 power cube, puts their reputation marker on 10 and "
        "has a storage limit of 5.")),
    Rule("L-S8", N_("Goals"), N_("Draw one leader goal, one instant goal and one end-game goal, face up.")),
    Rule("L-S9", N_("First player and seating"), N_(
        "Hand the first player marker to a chosen player and record the clockwise seating order: it sets the turn "
        "order and breaks ties.")),
    Rule("L-S10", N_("Advanced setup"), N_(
        "Reputation starts at 0 and nobody gets the automatic power cube. Side B of the crew board gives each crew "
        "its own starting bonus, starting power and suspicion cubes, and perhaps another storage limit (Goblins "
        "and Kobolds begin without power). Once the goals and the first player are set, each player is dealt 2 "
        "trait cards; starting with the last player in turn order and going counter-clockwise, each keeps one and "
        "takes its starting benefit straight away. A goon gained as a starting benefit brings its effect and "
        "treasures at once.")),
))

ROLL_CALL = Section("L-RC", N_("Roll Call phase"), (
    Rule("L-RC1", N_("Turn order"), N_(
        "The first player begins and turns go clockwise until every player has passed.")),
    Rule("L-RC2", N_("A turn"), N_("On a turn a player places one or more of their tiles on a single location.")),
    Rule("L-RC3", N_("One visit per location"), N_(
        "A player cannot place tiles on a location where they already placed tiles earlier in the same round.")),
    Rule("L-RC4", N_("No crowding limit"), N_("A location can hold any number of tiles, from any players.")),
    Rule("L-RC5", N_("The Library is closed"), N_("Nobody may place tiles on the Library.")),
    Rule("L-RC6", N_("Face-down tiles"), N_(
        "Each round a player may place up to 2 tiles face down (3 in a 2-player game, and so in solo); all the "
        "others go face up.")),
    Rule("L-RC7", N_("Passing"), N_(
        "A player with no tiles left must pass; a player may also pass while still holding tiles. After passing, a "
        "player takes no further part in the phase and plays no tomes in it.")),
))

LIGHTS_OUT = Section("L-LO", N_("Lights Out phase"), (
    Rule("L-LO1", N_("Strength"), N_(
        "The face-down tiles there are turned up. A player's strength there is the total of their tiles there: "
        "the lookout counts 0 and the enforcer counts the player's current power cubes. Only players with at "
        "least one tile there are ranked.")),
    Rule("L-LO2", N_("Ranking"), N_(
        "Players are ranked by strength, strongest first. Between tied players, the one nearest clockwise from "
        "the current holder of the first player marker ranks higher, the holder being nearest of all. The marker "
        "can move during Lights Out (L-R1); later locations use its new holder.")),
    Rule("L-LO3", N_("Suspicion"), N_(
        "If suspicion cubes lie on the location, the best-ranked player who has no lookout there takes all of "
        "them onto their board. If there is no such player, the cubes stay where they are.")),
    Rule("L-LO4", N_("Rewards"), N_(
        "Going down the ranking, each player there collects the reward of their tier (L-R), if there is one, and "
        "takes their tiles back to the holding cell. A reward can be used at once.")),
    Rule("L-LO5", N_("Stragglers"), N_(
        "Each player there who collected no reward moves their tiles from this location to the Library, where "
        "they count when the Library resolves; at the Library itself such tiles just go back to the holding "
        "cell.")),
    Rule("L-LO6", N_("Declining"), N_(
        "A player may turn down their reward and join the stragglers. The ranks of the other players stay as they "
        "were (ruling I-1).")),
), intro=N_("Locations are resolved from 1 to 8. At each one, in this order:"))

REWARDS = Section("L-R", N_("Location rewards"), (
    Rule("L-R1", N_("Exercise Yard"), N_(
        "First: +1 power, and the player takes the first player marker at once (or keeps it). Second: +1 power, "
        "with 3 or more players only.")),
    Rule("L-R2", N_("Sewers"), N_(
        "First: 3 scrap (2p: 2). Second: 2 scrap, with 4 or more players only. Every other player there, in rank "
        "order: 1 scrap.")),
    Rule("L-R3", N_("Infirmary"), N_(
        "First: 3 potions (2p: 2). Last (the weakest there): 1 potion. A player alone there gets only the first "
        "reward.")),
    Rule("L-R4", N_("Smithy"), N_("First: 2 iron. Second: 1 iron.")),
    Rule("L-R5", N_("Commissary"), N_(
        "First: 1 cube of any resource. Second, with 3 or more players only: may swap 1 of their own resources "
        "for 1 of another type from the supply. Every other player there, in rank order: may swap any 2 of their "
        "own resources for 1 resource of their choice from the supply.")),
    Rule("L-R6", N_("Chow Hall"), N_(
        "First: recruit 1 goon for any 1 resource, or 2 goons for any 4. Second: 1 goon for any 1, or 2 goons for "
        "any 5. Every other player there, in rank order: 1 goon for any 2. Only the active goons, face up on the "
        "board, can be recruited.")),
    Rule("L-R7", N_("Cell Block"), N_("Every player there, in rank order, may craft or reserve one item (L-IT).")),
    Rule("L-R8", N_("Library"), N_(
        "First: draw 2 tomes, keep one and put the other at the bottom of the tome deck. Second: draw 1 tome. "
        "Third: draw 1 tome.")),
    Rule("L-R9", N_("Bandit resource"), N_(
        "A resource cube that a Bandit goon put on a location (L-P4) goes to the player ranked first there, on top "
        "of the usual reward, and can be used at once (I-17).")),
), intro=N_(
    "“2p” means a 2-player game, solo included. The companion calls the tiers first, second, third, last and "
    "other."))

PATROL = Section("L-P", N_("Patrol phase"), (
    Rule("L-P1", N_("Storage"), N_(
        "Each player discards resources of their choice until they hold no more than their storage limit (5 on "
        "side A, +1 for each storage effect). The guards have no limit.")),
    Rule("L-P2", N_("Items"), N_("Empty display slots are refilled from the item deck up to players + 1.")),
    Rule("L-P3", N_("Goons"), N_(
        "The goon at the Chow Hall (slot 6) is discarded. The other goons slide as far as they can toward the "
        "higher-numbered slots, keeping their order, and the empty slots are filled from the goon deck.")),
    Rule("L-P4", N_("Suspicion"), N_(
        "Each goon location gets as many suspicion cubes as its goon shows suspicion icons. While a Bandit is on "
        "the board, its location also gets one resource cube of the type the Bandit shows. If the supply has too "
        "few suspicion cubes for this, a raid (L-RD) happens first, and then the cubes are added as usual.")),
    Rule("L-P5", N_("Next round"), N_("The round marker moves on by one.")),
), intro=N_("There is no Patrol in round 6."))

RAIDS = Section("L-RD", N_("Raids"), (
    Rule("L-RD1", N_("Penalties"), N_(
        "Compare the suspicion cubes on each player's board. The player with the most loses 8 reputation; the "
        "second most loses 4.")),
    Rule("L-RD2", N_("Ties"), N_(
        "Players tied for the most lose 4 each, and nobody loses anything for second. Players tied for second lose "
        "2 each.")),
    Rule("L-RD3", N_("Two players"), N_(
        "In a 2-player game the most loses 6, nobody loses for second, and a tie for the most costs nobody "
        "anything.")),
    Rule("L-RD4", N_("Floor"), N_("Reputation never goes below 0.")),
    Rule("L-RD5", N_("Cubes go back"), N_(
        "Afterwards every suspicion cube, on the boards and on the locations alike, goes back to the supply.")),
    Rule("L-RD6", N_("Final raid"), N_("After round 6 there is always a final raid, whatever the supply holds.")),
))

ITEMS = Section("L-IT", N_("Items"), (
    Rule("L-IT1", N_("Craft"), N_(
        "Pick an item from the display or one you reserved, pay its cost into the supply, lay it face up, score "
        "its reputation at once and apply its effect. Each item shows one or more treasures: shield, gem or "
        "magic.")),
    Rule("L-IT2", N_("Reserve"), N_(
        "Pay any 1 resource and take an item from the display face down into your area. There is no limit to "
        "reserved items. The empty slot is refilled only in Patrol (L-P2).")),
))

GOONS = Section("L-G", N_("Goons"), (), intro=N_(
    "Recruiting a goon gives its treasures and its immediate effect. At the end of the game each goon type scores "
    "as follows."), table=Table(
    (N_("Type (English / Spanish / Polish)"), N_("End-game value")),
    (
        (N_("Bandit / Ladrón / Bandyta"), N_(
            "3 each; while on the board it feeds a resource cube to its location (L-P4)")),
        (N_("Cultist / Cultista / Kultysta"), N_("for each Cultist: 1 per item the player has crafted")),
        (N_("Demon / Demonio / Demon"), N_(
            "for each Demon: 2 per treasure icon on the player's cards (crafted items and goons)")),
        (N_("Dwarf / Enano / Krasnolud"), N_("as a set: 1, 3, 7, 12, 18, 25, 30 for 1, 2, 3, 4, 5, 6, 7 or more")),
        (N_("Hobgoblin / Hobgoblin / Hobgoblin"), N_("for each Hobgoblin: 1 per power cube the player has")),
        (N_("Ratfolk / Hombre-Rata / Szczuroczłek"), N_("as a set: −3, 1, 6, 13, 25 for 1, 2, 3, 4, 5 or more")),
        (N_("Mindflayer / Desuellamentes / Łupieżca"), N_("2 each")),
    )))

EFFECTS = Section("L-E", N_("Effects on items and goons"), (
    Rule("L-E1", N_("Resource"), N_("Gain one resource of the type shown.")),
    Rule("L-E2", N_("Lose suspicion"), N_("Put 1 of your suspicion cubes back in the supply.")),
    Rule("L-E3", N_("Pass suspicion on"), N_("Give 1 of your suspicion cubes to any player you choose.")),
    Rule("L-E4", N_("Power"), N_("Gain 1 power.")),
    Rule("L-E5", N_("Tome"), N_("Draw 1 tome.")),
    Rule("L-E6", N_("Storage"), N_("Your storage limit goes up by 1.")),
    Rule("L-E7", N_("Exchange"), N_("Swap 1 of your resources for a different one from the supply.")),
    Rule("L-E8", N_("Choose a tome"), N_(
        "Draw 2 tomes, keep one and put the other at the bottom of the deck.")),
))

GOALS = Section("L-GL", N_("Goals"), (
    Rule("L-GL1", N_("Leader goal"), N_(
        "On your turn you may claim it when you have more treasures of a type (or goons of a type) than anyone "
        "else and reach the minimum on the card (the Polish rulebook: above it, ruling I-19). A player who later "
        "goes beyond the holder takes it over; drawing level does not. At the end the holder scores 8 (2p: 6).")),
    Rule("L-GL2", N_("Instant goal"), N_(
        "The first player to meet its condition takes it and scores it at once; it can be won only once per game. "
        "It is not used in solo.")),
    Rule("L-GL3", N_("End-game goal"), N_(
        "A majority goal counts items of the treasure type on the card: the most scores 8 and the second most 4. "
        "Players tied for the most score 4 each and nobody scores second; players tied for second score 2 each. "
        "2p: the most scores 6 and nobody else scores; a tie for the most scores nothing. Any other end-game goal "
        "gives the stars printed on it to every player who meets it.")),
))

FINAL = Section("L-F", N_("Final scoring"), (
    Rule("L-F1", N_("Leader goal"), N_("The holder of the leader goal: 8 (2p: 6).")),
    Rule("L-F2", N_("End-game goal"), N_("The end-game goal, as L-GL3 says.")),
    Rule("L-F3", N_("Goons"), N_("Their goons, as L-G says.")),
    Rule("L-F4", N_("Resources"), N_("1 for each scrap, iron and potion, and 2 for each gold.")),
    Rule("L-F5", N_("Tomes"), N_("1 for each tome not played.")),
    Rule("L-F6", N_("First player"), N_("The holder of the first player marker: 2.")),
    Rule("L-F7", N_("Winner"), N_(
        "The highest reputation wins. On a tie, the tied player with the most crafted items wins; if they are "
        "still tied, they share the victory.")),
), intro=N_("After the final raid each player adds to their reputation:"))

SOLO = Section("L-SO", N_("Solo mode: the guards automaton"), (
    Rule("L-SO1", N_("Solo setup"), N_(
        "Set up as for 2 players, with these changes: no instant goal; take out both “Great Book of Stealth” tomes "
        "(El Gran Libro del Sigilo / Wielka Księga Skradania) and both “Ruthless Craftsmanship” tomes (Artesanía "
        "Despiadada / Cięcie Rżnięcie); the guards' reputation marker starts on 10 (on 20 in advanced solo); the "
        "guard board starts with 1 power cube; the guards hold the first player marker.")),
    Rule("L-SO2", N_("Guard deck"), N_(
        "12 cards: the 7 blue cards plus the 5 cards of one difficulty colour, green for Local Lockup (easy), "
        "yellow for The Old Jail (demanding) or red for Supreme Dungeon (expert). The yellow and the red set each "
        "hold one special card (L-SO9). The values on the cards come from the box profile.")),
    Rule("L-SO3", N_("Location deck"), N_(
        "8 cards: Exercise Yard, Sewers, Infirmary, Smithy, Commissary, Chow Hall and 2 OFF DUTY cards.")),
    Rule("L-SO4", N_("Dealing at Roll Call"), N_(
        "When Roll Call starts, one guard card is dealt face down on each of locations 1 to 7, in order (7 cards); "
        "the other 5 stay in the guard deck.")),
    Rule("L-SO5", N_("Turns"), N_(
        "The player and the guards take turns in alternation, starting with whoever holds the first player "
        "marker. On the guards' turn the player picks one face-down guard card and turns it up, then turns up the "
        "top location card: for a location, the top guard card is drawn and placed face up there; for OFF DUTY, "
        "nothing happens. On the player's turn they place tiles as L-RC says. The moment the player has placed all "
        "their tiles the phase ends, and the guards take no further turn.")),
    Rule("L-SO6", N_("Atlas of Hideouts"), N_(
        "The tome “Atlas of Hideouts” (Atlas de Escondites / Atlas Kryjówek) may turn up any face-down guard card "
        "instead of looking at a face-down tile.")),
    Rule("L-SO7", N_("Guard strength"), N_(
        "At a location the guards' strength is the total of the guard cards there. The guards are ranked like a "
        "player, and their ties are broken as in L-LO2 with two seats. The guards never have a lookout, so they "
        "can always take suspicion cubes.")),
    Rule("L-SO8", N_("Guard rewards"), N_(
        "Wherever nothing else is said here, the guards take the normal reward of their tier. Commissary, first: 1 "
        "cube of the resource they have fewest of; on a tie, the rarest (gold > iron > potion > scrap); not first: "
        "nothing. Chow Hall, first: they arrest (take) the 2 active goons with the most suspicion icons and pay "
        "nothing; on a tie, the goon at the lowest-numbered location (nearest the Sewers); they gain those goons' "
        "treasures and effects; not first: nothing. Cell Block: they craft if they can pay, always the item with "
        "the highest reputation among the display and their reserved items; on a tie, the one nearest the item "
        "deck; they pay “any resource” with their least rare one (scrap, then potion, then iron, then gold). If "
        "they cannot craft, they reserve the display item with the highest reputation (ties: nearest the deck) and "
        "pay nothing. Library: guard cards are never dealt there and only arrive as stragglers; first or second "
        "gives +1 reputation instead of a tome.")),
    Rule("L-SO9", N_("Special guard"), N_(
        "In the demanding and expert sets, when the player turns up the special card at a location during Lights "
        "Out, the top guard card is drawn and placed face down at that location; if the guard deck is empty, "
        "nothing happens.")),
    Rule("L-SO10", N_("Guard effects"), N_(
        "Draw a tome or choose a tome: +1 reputation instead. Storage +1: nothing. Exchange: they give one cube of "
        "the type they have most of and take one of the type they have fewest of. With several options they give "
        "the least rare and take the rarest.")),
    Rule("L-SO11", N_("Patrol"), N_("The player discards down to the storage limit; the guards never discard.")),
    Rule("L-SO12", N_("Solo raid"), N_(
        "If the player has more suspicion, the player loses 6 and every suspicion cube (the player's and the "
        "guards') goes back. If the guards have more, the guards lose 6 and only their cubes go back; the player "
        "keeps theirs. On a tie nobody loses and every cube goes back.")),
    Rule("L-SO13", N_("Reshuffle"), N_(
        "At the end of every Patrol all location cards go back into the location deck and all guard cards into "
        "the guard deck, and both decks are shuffled.")),
    Rule("L-SO14", N_("End of a solo game"), N_(
        "After round 6 comes the final raid, then final scoring as in a 2-player game. The guards score nothing "
        "for scrap, iron and potions, but 2 for each gold. The player wins only with strictly more reputation; a "
        "tie goes to the guards.")),
))

GLOSSARY = Table((N_("English"), N_("Spanish"), N_("Polish")), (
    ("crew tile", "loseta de pandillero", "żeton bandziora"),
    ("enforcer (fist)", "matón", "mięśniak"),
    ("lookout (eye)", "observador", "tajniak"),
    ("holding cell", "celda de detención", "cela więzienna"),
    ("crew board", "tablero de pandilla", "plansza bandy"),
    ("reputation (stars)", "estrellas de reputación", "gwiazdki reputacji"),
    ("power cube (red)", "cubo de poder", "kostka siły"),
    ("suspicion cube (black)", "cubo de sospecha", "kostka podejrzeń"),
    ("scrap (green) / iron (grey) / potion (blue) / gold (yellow)", "desperdicio / hierro / poción / oro",
     "odpadki / żelazo / mikstura / złoto"),
    ("item (contraband)", "objeto", "fant"),
    ("craft / reserve an item", "comprar / reservar", "zmajstrować / zaklepać"),
    ("goon", "bandido", "zbir"),
    ("tome", "libro", "księga"),
    ("goal (leader / instant / end-game)", "objetivo (líder / instantáneo / final)",
     "cel (lidera / natychmiastowy / końcowy)"),
    ("trait card", "carta de rasgo", "karta cechy"),
    ("raid", "redada", "nalot"),
    ("Roll Call / Lights Out / Patrol phase", "Recuento / Luces Fuera / Patrulla", "apel / cisza nocna / obchód"),
    ("guards (solo automaton)", "guardias", "strażnicy"),
    ("guard deck / location deck / OFF DUTY", "mazo de guardias / mazo de localizaciones / FUERA DE SERVICIO",
     "talia strażników / talia lokacji / PO SŁUŻBIE"),
    ("treasure: shield / gem / magic", "escudo / gema / magia", "tarcza / klejnot / czar"),
))

RULES = GameRules(
    slug="lockup",
    name=N_("Lockup: A Roll Player Tale"),
    intro=N_(
        "The rules the companion follows, written from the official Spanish rulebook and the official Polish "
        "rulebook, with a Spanish translation of the English rulebook that stops after the Sewers' rewards. "
        "Every rule has an id starting with L-; the rulings "
        "where the editions differ or are silent have ids starting with I-."),
    sections=(COMPONENTS, SETUP, ROLL_CALL, LIGHTS_OUT, REWARDS, PATROL, RAIDS, ITEMS, GOONS, EFFECTS, GOALS, FINAL,
              SOLO, RULINGS),
    options=OPTIONS,
    glossary=GLOSSARY,
)
