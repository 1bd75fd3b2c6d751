"""Reads the references in a worked example's prose and checks every fact they state with the engine.

A teacher writes an example's title and text as prose; the facts the engine can decide go in
braces, so that they are checked like the structured claims and printed in the kit's notation:

    {B2}         a cell, written in the file's notation
    {B1-B3}      an S-O-S by its end cells: it must read S-O-S once the example's moves are played
    {col B}      a column ({col C2} in L1C1); {row 2} a row ({row L4} in L1C1)
    {points 3}   the points move 3 scores ("2 points", "no points")
    {next 3}     the seat that writes after move 3
    {score 5}    the score after move 5, highest first ("2 to 0"); {score} after the last move
    {winner}     the side that won the game
    {target}     the variant's target score ("3 points")
    {gifts 4}    the lines move 4 leaves to complete: every S-O-S the next side could finish, through its cell

Prose that states such a fact by hand, outside braces (a cell or line name, a count of points,
a score, who leads, writes next, wins or loses), is reported in the phrasings `hand_written`
knows: it reads phrasings, not meaning (docs/examples.md).
"""

from __future__ import annotations

import re

from sos_print.engine.errors import NotationError, SosError, a_board
from sos_print.engine.frozen import frozen
from sos_print.engine.grid import MAX_SIZE, Cell, Segment, segments_through
from sos_print.engine.notation import Notation, parse_cell, parse_segment, segment_name
from sos_print.engine.rules import Letter, Position, Step

FACTS = ("points", "next", "score", "winner", "target", "gifts")
SHOWN_REFERENCE = 40  # characters of a reference a message shows, as many as of a quoted value (`errors.quoted`)
_NEEDS_MOVE = {"points": True, "next": True, "score": False, "winner": False, "target": False, "gifts": True}
# A fact's word as a writer might spell it, singular or in French: read as a cell, "{Point 1}" was "cell 'POINT1' is
# not on the 4 × 4 board".
_FACT_SPELLED = {"point": "points", "gift": "gifts", "cadeau": "gifts", "cadeaux": "gifts", "scores": "score"}
_FACT_SPELLED |= {"winners": "winner", "gagnant": "winner", "gagnante": "winner", "targets": "target"}
_FACT_SPELLED |= {"cible": "target", "suivant": "next"}

_COUNT = (
    r"(?:\d+|zero|one|two|three|four|five|six|seven|eight|nine|zéro|un|une|deux|trois|quatre|cinq|six|sept|huit|"
    r"neuf)"
)
# Never after the word that makes two numbers a range or a move's number: "moves 3 to 5", "Move 3: 2 points".
_NOT_RANGE = (
    "".join(
        f"(?<!{word} )"
        for word in ("move", "moves", "coup", "coups", "Move", "Moves", "Coup", "Coups", "pages", "ages")
    )
    + "(?<!âges )(?<!rows )(?<!lignes )"
)
_POINTS_ADVICE = "states a count of points: write {points N} (move N) or {target}"
_SCORE_ADVICE = "states a score: write {score N} (after move N) or {score}"
_NEXT_ADVICE = "says who writes next: write {next N} (after move N)"
# What may stand between a fact's verb and the reference that gives it: "A leads: {score 1}", "A leads with {score 5}".
_BEFORE_REFERENCE = r"[\s(:,;\u2013\u2014-]*(?:(?:with|by|see|avec|de|à)\s+)?\ufffc"
# Up to two words between a seat and its verb: "B has won", "B finally won", "B a enfin gagné".
_BY_THE_WAY = (
    r"(?:(?:has|had|will|would|then|just|finally|also|still|\w+ly|a|va|enfin|finalement|alors|donc|aussi)\s+){0,2}"
)
# What a hand-written fact looks like, in English and French; each names the reference to use instead. The names of
# columns, rows, cells and lines are so written even in a question; the other facts are stated only outside one.
_NAMING = (
    (
        r"\b(?:column|colonne|row|ligne)\s+(?:[A-H]|[1-8]|C[1-8]|L[1-8])\b",
        "names a column or a row: write {col B} or {row 2}",
    ),
    (
        # in either case: "d4" was printed as written, in an L1C1 kit too (sweep ad97, B2)
        r"\b(?:[A-Ha-h][1-8]|[Ll][1-8][Cc][1-8])(?:\s*[-\u2013]\s*(?:[A-Ha-h][1-8]|[Ll][1-8][Cc][1-8]))?\b",
        "names a cell or a line: write it in braces, like {CELL} or {LINE}",
    ),
)
_STATING = (
    (
        rf"\b(?:{_COUNT}|no|aucun|ten|dix)\s*(?:points?|pts?)\b",
        _POINTS_ADVICE,
    ),
    # A score in figures or in words, "3 to 1", "trois à un", "3-1", "3:1", "A 3, B 1" (sweeps ad97, B2 and ad98, 1);
    # never a range of moves or pages ("moves 3 to 5", "ages 7-11"), "deux à deux", nor a time ("10:30": ad98, 2).
    (
        rf"{_NOT_RANGE}\b({_COUNT})\s+(?:to|à|against|contre|vs\.?|v\.?)\s+(?!\1\b){_COUNT}\b",
        _SCORE_ADVICE,
    ),
    (
        rf"{_NOT_RANGE}(?<![\w:-])\d\s*(?:[-\u2013\u2014]|\s:\s?|:)\s*\d(?![\w:-])",
        _SCORE_ADVICE,
    ),
    (rf"\b(?i:{_COUNT}[-\u2013\u2014 ]nil)\b", _SCORE_ADVICE),
    # Who leads, wins, loses or draws and who writes next, as a sweep wrote them (ad99, B1): "A leads", "B finally won".
    (
        r"\b[A-D]\s+(?:leads|led|is ahead|was ahead|is leading|was leading|takes the lead|took the lead|goes ahead|"
        rf"went ahead|mène|menait|prend la tête|est en tête|passe en tête)\b(?!{_BEFORE_REFERENCE})",
        _SCORE_ADVICE,
    ),
    (r"\b[A-D]\s+\d+\s*,\s*[A-D]\s+\d+\b", _SCORE_ADVICE),
    (
        r"\b(?:\d+|two|three|four|five|six|deux|trois|quatre|cinq|six)\s+(?:gifts|cadeaux)\b",
        "counts gifts: write {gifts N}, the lines move N leaves",
    ),
    (
        r"\b[A-D]\s+(?:then\s+|puis\s+)?(?:writes again|writes next|plays again|plays next|takes the turn|rejoue|"
        r"joue ensuite|goes next|moves next|is next|"
        r"écrit ensuite|prend la main)\b(?!\s+to\b)",  # "B is next to the corner" (ad100, 1)
        _NEXT_ADVICE,
    ),
    (r"\b(?:(?i:next)\s+(?:is|comes)\s+[A-D]|à\s+[A-D]\s+de\s+jouer)\b", _NEXT_ADVICE),
    (r"(?i:\bc['\u2019]est\s+à)\s+[A-D]\b(?!\s+de\s+jouer)", _NEXT_ADVICE),
    (r"\b(?:(?i:next)\s+it['\u2019]s\s+[A-D]|[A-D]['\u2019]s\s+go|(?i:ensuite|puis)\s+[A-D]\s+joue)\b", _NEXT_ADVICE),
    (
        r"\b(?:[A-D]['\u2019]s\s+turn|(?:turn|tour)\s+(?:of|de|du)\s+(?:(?:player|joueur)\s+)?[A-D])\b",
        _NEXT_ADVICE,
    ),
    # Who won in any tense, and a draw (sweep ad97, B2): "B won", "the winner is B", "B a gagné", "it ends in a draw".
    (
        rf"\b(?:[A-D]\s+{_BY_THE_WAY}(?:wins|won|will\s+win|gagne|gagnera|gagné|va\s+gagner|l['\u2019]emporte|"
        r"remporte|remporté|came\s+out\s+on\s+top|comes\s+out\s+on\s+top)(?!\s+(?:game|match|partie)\b)|"
        r"[A-D]\s+(?:beats|beat|bat|a\s+battu)\s+[A-D]|[A-D]\s+(?:triumphs|takes\s+the\s+game)|"
        r"(?i:victoire)\s+(?:de|du|for)\s+(?:(?:joueur|player|l['\u2019]équipe)\s+)?[A-D]|"
        r"(?:winner|gagnante?)\s+(?:is|was|est)\s+[A-D]|"
        r"[A-D]\s+(?:is|was|est)\s+(?:the\s+winner|le\s+gagnant|la\s+gagnante))\b",
        "says who wins: write {winner}",
    ),
    (
        rf"\b[A-D]\s+{_BY_THE_WAY}(?:loses|lost|lose|perd|perdra|perdu|va\s+perdre)"
        r"(?=\s+(?:the\s+game|la\s+partie|le\s+match|by|de\s+\d)|\s*[.!,;])",
        "says who loses: write {winner} (who won)",
    ),
    (
        r"\b(?:a\s+draw|(?:game|partie)\s+(?:is|was|ends)\s+drawn|égalité|(?i:partie|match)\s+nul(?:le)?|est nulle|"
        r"ex\s+aequo|[A-D]\s+(?:and|et)\s+[A-D]\s+(?:tie|are\s+level|sont\s+à\s+égalité)|"
        r"(?:in|is|was|it['\u2019]s)\s+a\s+tie(?![-\w])|(?:game|score|scores|partie)\s+(?:is|are|was|were|ends|ended)\s+tied|"
        r"(?:(?i:nobody|no\s+one)\s+(?:wins|won)|(?i:personne)\s+(?:ne\s+gagne|n['\u2019]a\s+gagné))"
        r"(?!\s+(?:a|an|one|any|anything|the|\d+|de|du|un|une|rien|aucun)\b))\b",
        "says the game is drawn: write {score} (the final score)",
    ),
    (
        r"\b[A-D]\s+(?:scores|scored|marque|a\s+marqué)\s+(?:twice|again|deux\s+fois|trois\s+fois|encore|"
        r"à\s+nouveau|de\s+nouveau)\b",
        "says a move scores: write {points N} (move N)",
    ),
    (r"\b(?-i:[A-D])\s+(?:gets|scores|earns|marque|gagne)\s+(?:a|an|un)\s+point\b", _POINTS_ADVICE),
)
_REFERENCE = re.compile(r"\{([^{}]*)\}")


def without_references(text: str) -> str:
    """Returns a worked example's text without its references ("{points 1}"), which the prose reads itself."""
    return _REFERENCE.sub("", text)


@frozen
class Literal:
    """Holds words of the prose, printed as written."""

    text: str


@frozen
class CellRef:
    """Holds a cell named in the prose."""

    cell: Cell


@frozen
class LineRef:
    """Holds an S-O-S named in the prose by its end cells."""

    segment: Segment


@frozen
class LineOfCells:
    """Holds a column (`column` True) or a row of the board named in the prose, by its index (0 = left, 0 = bottom)."""

    column: bool
    index: int


@frozen
class Fact:
    """Holds a fact the engine states: `kind` is one of FACTS; `move` is 1-based, 0 for after the last move."""

    kind: str
    move: int = 0


Token = Literal | CellRef | LineRef | LineOfCells | Fact


def parse_prose(text: str, size: int, notation: Notation) -> tuple[Token, ...]:
    """Splits `text` into words and references; raises SosError naming a reference that cannot be read."""
    tokens: list[Token] = []
    at = 0
    for match in _REFERENCE.finditer(text):
        if match.start() > at:
            tokens.append(Literal(text[at : match.start()]))
        tokens.append(_reference(match.group(1).strip(), size, notation))
        at = match.end()
    if at < len(text):
        tokens.append(Literal(text[at:]))
    stray = next(
        (token.text for token in tokens if isinstance(token, Literal) and ("{" in token.text or "}" in token.text)),
        None,
    )
    if stray is not None:
        raise SosError("an unmatched brace: references are written {B2}, {B1-B3} or {points 1}")
    return tuple(tokens)


def _reference(inner: str, size: int, notation: Notation) -> Token:
    word, _, rest = inner.partition(" ")
    joined = re.fullmatch(r"([A-Za-z]+)([0-9]+)", word)
    if joined and not rest and (fact := _FACT_SPELLED.get(joined[1].lower(), joined[1].lower())) in FACTS:
        # "{points1}" was "cell 'POINTS1' is not on the 4 × 4 board" (ad90, 9)
        raise SosError(f"{{{_shown(inner)}}}: write {{{fact} {joined[2]}}}")
    # in any case, as cells are: "{Points 1}" was "cell 'POINTS1' is not on the 4 × 4 board" (ad86, 7)
    word = word.lower() if word.lower() in (*FACTS, "col", "row") else word
    if word in ("col", "row"):
        return _line_of_cells(word == "col", rest.strip().upper(), size, notation)
    if word.lower() in _FACT_SPELLED:
        fact, number = _FACT_SPELLED[word.lower()], rest.strip()
        if re.fullmatch(r"[0-9]+", number) and fact in ("points", "next", "score", "gifts"):
            raise SosError(f"{{{_shown(inner)}}}: write {{{fact} {_shown(number)}}}")
        raise SosError(
            f"{{{_shown(inner)}}}: the word of this fact is {fact}, like {{{fact}{' 1' * _NEEDS_MOVE[fact]}}}"
        )
    if word in FACTS:
        rest = rest.strip()
        if _NEEDS_MOVE[word] and not rest.isdigit():
            raise SosError(f"{{{_shown(inner)}}}: give the move number, like {{{word} 1}}")
        if rest and not (rest.isdigit() and word in ("points", "next", "score", "gifts")):
            raise SosError(f"{{{_shown(inner)}}}: {word} takes {'a move number' if _NEEDS_MOVE[word] else 'nothing'}")
        return Fact(word, _move_number(word, rest) if rest else 0)
    try:
        if "-" in inner or "\u2013" in inner:
            return LineRef(parse_segment(inner, size, notation))
        return CellRef(parse_cell(inner, size, notation))
    except NotationError as error:
        raise SosError(f"{{{_shown(inner)}}}: {error}") from None


def _shown(inner: str) -> str:
    """Returns a reference's words as a message shows them: cut short, as a quoted value is (a reference of 5,000
    characters was printed whole, twice: issue 20, sweep ad49 F4)."""
    return inner if len(inner) <= SHOWN_REFERENCE else inner[: SHOWN_REFERENCE - 1] + "\u2026"


def _move_number(word: str, digits: str) -> int:
    """Reads the move number of a fact's reference: digits 0 to 9 only (int() would read "١" as 1 and fail on "²"),
    from 1 (a move 0 would be read as the last move), and no longer than a game can be."""
    if not re.fullmatch(r"[0-9]+", digits):
        raise SosError(f"{{{word} {digits}}}: write the move number with the digits 0 to 9, like {{{word} 1}}")
    if len(digits.lstrip("0")) > 6:  # int() refuses more than 4,300 digits; the message shows a few
        raise SosError(f"{{{word} {digits[:6]}\u2026}}: no game has so many moves (at most {MAX_SIZE * MAX_SIZE})")
    if int(digits) == 0:
        raise SosError(f"{{{word} {digits}}}: moves are numbered from 1, like {{{word} 1}}")
    return int(digits)


def _line_of_cells(column: bool, name: str, size: int, notation: Notation) -> LineOfCells:
    """Reads a column (a letter, or C2 in L1C1) or a row (a number from the bottom, or L4 in L1C1)."""
    pattern = (r"[A-Z]" if column else r"[0-9]+") if notation is Notation.A1 else (r"C[0-9]+" if column else r"L[0-9]+")
    kind = "column" if column else "row"
    if not re.fullmatch(pattern, name):
        raise SosError(
            f"{{{'col' if column else 'row'} {_shown(name)}}}: not a {kind} name in {notation.value} notation"
        )
    if notation is Notation.A1:
        index = ord(name) - ord("A") if column else int(name) - 1
    else:
        index = int(name[1:]) - 1 if column else size - int(name[1:])
    if not 0 <= index < size:
        raise SosError(f"{{{'col' if column else 'row'} {name}}}: there is no {kind} {name} on {a_board(size)}")
    return LineOfCells(column, index)


def hand_written(text: str, notation: Notation) -> list[str]:
    """Returns a message for each fact `text` states by hand outside braces (each once). A question states no fact:
    only the names of cells and lines in one are reported ("Can B still win?" was, sweep ad100, 1)."""
    outside = _REFERENCE.sub(" \ufffc ", text)  # a reference's place, which "A leads {score 5}" needs
    cell, line = ("B2", "B1-B3") if notation is Notation.A1 else ("L2C3", "L2C3-L4C3")
    problems: list[str] = []
    for pattern, advice in (*_NAMING, *_STATING):
        for match in re.finditer(pattern, outside, flags=re.IGNORECASE if "points" in advice else 0):
            asked = (end := re.search(r"[.!?]", outside[match.end() :])) is not None and end[0] == "?"
            if asked and (pattern, advice) in _STATING:
                continue
            problem = f"{match.group(0)!r} {advice.replace('CELL', cell).replace('LINE', line)}"
            if problem not in problems:
                problems.append(problem)
    return problems


def fact_problems(
    tokens: tuple[Token, ...], start: Position, steps: tuple[Step, ...], notation: Notation = Notation.A1
) -> list[str]:
    """Returns why a reference cannot be printed from this game (a move it does not have, a line never made), each
    naming the reference as `notation` writes it."""
    final = steps[-1].after if steps else start
    problems = []
    for token in tokens:
        if isinstance(token, LineRef) and not final.board.reads_sos(token.segment):
            name = segment_name(token.segment, start.board.size, notation)
            problems.append(f"{{{name}}}: names a line that does not read S-O-S once the moves are played")
        elif isinstance(token, Fact):
            problem = _fact_problem(token, start, steps)
            if problem:
                problems.append(problem)
    return problems


def _fact_problem(fact: Fact, start: Position, steps: tuple[Step, ...]) -> str:
    if fact.move > len(steps):
        return f"{{{fact.kind} {fact.move}}}: the example has {len(steps)} move{'' if len(steps) == 1 else 's'}"
    if fact.kind == "next" and steps[fact.move - 1].next_seat is None:
        return f"{{next {fact.move}}}: the game ends with move {fact.move}; nobody writes next"
    final = steps[-1].after if steps else start
    if fact.kind == "winner" and (final.outcome is None or final.outcome.winner is None):
        return "{winner}: the game has no winner"
    if fact.kind == "score" and len(start.variant.sides) != 2:
        return "{score}: a score reads 'N to M' for two sides only"
    if fact.kind == "target" and not start.variant.target:
        return "{target}: this example has no target score"
    if fact.kind == "gifts":
        step = steps[fact.move - 1]
        if step.points:
            return f"{{gifts {fact.move}}}: move {fact.move} scores, so the same side writes again: it leaves no gift"
        if not gifts_left(step):
            return f"{{gifts {fact.move}}}: move {fact.move} leaves no line to complete"
    return ""


def gifts_left(step: Step) -> tuple[Segment, ...]:
    """Returns the lines through a move's cell that read S, empty, S or S, O, empty (either way) after it: the
    S-O-S the next side may complete, in report order."""
    board = step.after.board
    found = []
    for segment in segments_through(board.size)[step.move.cell]:
        letters = [board[cell] for cell in segment.cells]
        empty = [k for k, letter in enumerate(letters) if letter is None]
        if len(empty) == 1:
            wanted = [Letter.S, Letter.O, Letter.S]
            if all(letter is None or letter is want for letter, want in zip(letters, wanted, strict=True)):
                found.append(segment)
    return tuple(found)


def value_of(fact: Fact, start: Position, steps: tuple[Step, ...]) -> int | str | tuple[int, ...] | tuple[Segment, ...]:
    """Returns what a fact reference prints: points, a seat, a side, the target, the scores highest first, or the
    lines a move leaves to complete."""
    after = steps[fact.move - 1].after if fact.move else (steps[-1].after if steps else start)
    if fact.kind == "gifts":
        return gifts_left(steps[fact.move - 1])
    if fact.kind == "points":
        return steps[fact.move - 1].points
    if fact.kind == "next":
        return steps[fact.move - 1].next_seat or ""
    if fact.kind == "winner":
        return after.outcome.winner if after.outcome and after.outcome.winner else ""
    if fact.kind == "target":
        return start.variant.target
    return tuple(sorted(after.side_scores.values(), reverse=True))
