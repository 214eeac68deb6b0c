"""Fixed numbers of Ragami (RG-T, RG-V, RG-E)."""

from __future__ import annotations

MIN_PLAYERS, MAX_PLAYERS = 2, 4  # RG-T1
COLOURS: tuple[str, ...] = ("yellow", "green", "blue", "purple")  # RG-T1
LOCATION_TOKENS: tuple[int, ...] = tuple(range(1, 31))  # RG-T2: tokens numbered 1-30
DIE_FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)  # conflict and Virtue dice are d6
DEMONS = 6  # RG-T2: six demons in the game
END_VP = 30  # RG-E1
WHITE_CUBES_PER_VP = 2  # RG-V1, RG-E2
VIRTUE_POINTS_PER_VP = 3  # RG-V5
CONFLICTS_FIRST_VP, CONFLICTS_SECOND_VP = 7, 4  # RG-E3
SAINT_VP = 1  # RG-V4
HELPER_WHITE_CUBES = 2  # RG-T4: the second Ragami's owner gains 2 white cubes
VIRTUE_START = 1  # a placed or moved Virtue die shows 1 (setup 10, RG-T3 step 5)
VIRTUE_MAX = 6  # the die cannot show more than 6
SAINTS = 4  # one per colour; with 2-3 players the others are neutral, each placed by a location token
SETUP_CONFLICT_TOKENS = 6  # setup step 5: a location token for each of the 6 conflict dice
SETUP_DEMON_TOKENS = 4  # setup step 6: 4 location tokens, a demon on each
# The action card "Incrementar la puntuación del último jugador en 1PV y obtener 2" (RG-T2, RG-I3):
# white cubes for whoever plays it, by how many share the last place; 3 or more tied: no effect.
LAST_PLACE_CARD_CUBES: dict[int, int] = {1: 2, 2: 3}
LAST_PLACE_CARD_VP = 1
