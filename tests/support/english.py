"""Finding English in a page's words (issue 14): runs of three or more common English words.

Shared by the browser crawl of whole games (tests/browser/test_i18n_crawl_browser.py) and the web
tests of pages in Spanish and Polish (e.g. tests/web/test_history_words.py).
"""

from __future__ import annotations

import re

# Common English words: function words and the games' own words. Words that are also Spanish or
# Polish words ("a", "no", "me", "he", "to", "on", "do", "go", "one", "was", "by", "ten", "most",
# "start", "final", "total", "show", "list", "tome", "dice") are left out: they would flag correct translations.
ENGLISH = frozenset("""
the and or of for with from at in into onto off out up over under after before until when then than
this that these those there here it its is are were be been being has have had not nor can cannot
may must will would should could each every all any some none two three four your you their they
them his her our who what which where why how only also still yet more less least first last next
other another same own just already again new nothing everything anything between per left right
clockwise after while if but about above below without
turn turns tile tiles reward rewards round rounds player players choose chooses chosen take takes
taken card cards goon goons guard guards location locations score scores scoring scored points point
win wins winner tie ties tied ranked strength gold item items hand seat seats table started end ends
ended play played plays record recorded rule rules explained shows hidden face down place placed
move moved pass passes passed draw drawn deal dealt discard confirm undo redo history phase open join
check save saved name names number game games back home page found missing field value nobody
everyone someone gets get gives give given pay pays paid spend spends spent gain gains gained lose
loses lost keep keeps kept reveal revealed count counts counted cubes conflict conflicts resolved
display highest lowest fewest rarer rarest reputation paying afford craft crafts crafted iron scrap
potion gem magic shield icons icon suspicion power supply deck bottom announced started because
nearest cost costs recruit recruits buy buys arrest arrests collect collects effect goal goals leader
action actions choice building buildings influence rats nuns plague demons virtue saints cube helper
white reached wiped broken
""".split())

# Made-up card and goal names of the fixtures' random players, the games' titles and BG Stats: names.
PROPER_NOUNS = re.compile(
    r"\b(?:Test|Made-up) (?:Leader Goal|Majority Goal|Fixed Goal|Instant Goal|Item|Goon)(?: \d+)?"
    r"|Lockup: A Roll Player Tale|Rattus Cartus|Ragami|BG Stats")
TOKEN = re.compile(r"[^\W\d_][\w’'-]*|\d+(?:[.,:/]\d+)*\w*|[^\w\s]")
RULE_ID = re.compile(r"^(?:L|I|RC|RG)-(?:[A-Z]+\d*[a-z]?|\d+)$")


def english_runs(text: str, least: int = 3) -> list[str]:
    """The runs of :func:`english_in_lines`, without their lines."""
    return [run for run, _line in english_in_lines(text, least)]


def english_in_lines(text: str, least: int = 3) -> list[tuple[str, str]]:
    """(run, its line) for every run of ``least`` or more consecutive common English words in ``text``, line by line.
    Numbers and rule ids inside a run neither count nor break it ("take 2 tiles"); any other word
    or sign breaks it; proper nouns (:data:`PROPER_NOUNS`) are taken out first."""
    found = []
    for line in PROPER_NOUNS.sub(" ¦ ", text).splitlines():
        run: list[str] = []
        for token in [*TOKEN.findall(line), "¦"]:
            word = re.sub(r"[’']s$", "", token).lower()
            if word in ENGLISH:
                run.append(token)
            elif token[0].isdigit() or RULE_ID.match(token):
                if run:
                    run.append(token)
            else:
                while run and (run[-1][0].isdigit() or RULE_ID.match(run[-1])):
                    run.pop()  # a trailing number or rule id is no part of the sentence
                if len(run) >= least and sum(not (t[0].isdigit() or RULE_ID.match(t)) for t in run) >= least:
                    at = line.find(run[0])
                    found.append((" ".join(run), line[max(0, at - 60): at + 140].strip()))
                run = []
    return found
