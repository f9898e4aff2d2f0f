"""Content invariants of the real bank: coverage, sources, distinct stems, and every seed question present."""

from __future__ import annotations

import difflib
import re
from collections import Counter
from pathlib import Path

from guide.bank import cues, rules
from guide.bank.models import DOMAINS, Question
from guide.bank.validate import LoadedBank

SEEDS = Path(__file__).parent / "seeds"
BANK_MINIMUM = 500
TOPIC_MINIMUM = 15
# Every area of the exam's study guide, from the fine-tuning practitioner's side (issue 18): enough that two practice
# exams in the exam's proportions are not the same questions.
DOMAIN_MINIMUM = 20
EXAM_SIZE = 60
# The exam's fine-tuning objectives and those beside them (issue 12), counted by tag: a question counts for every
# group whose tags it carries. These are floors that must not silently erode as questions are edited.
TAG_MINIMUMS = {
    ("sft",): 6,
    ("rlhf",): 6,
    ("dpo",): 6,
    ("grpo",): 6,
    ("contrastive",): 5,
    ("lora",): 15,
    ("adapters",): 5,
    ("prompt-tuning",): 5,
    ("early-stopping",): 5,
    ("hallucination",): 8,
    ("ddp",): 5,
    ("fsdp-zero",): 5,
    ("tensor-parallel",): 5,
    ("pipeline-parallel",): 5,
    ("sequence-parallel",): 5,
    ("expert-parallel",): 5,
    ("mixed-precision", "fp8"): 6,
    ("ptq", "qat", "qlora"): 15,
    ("distillation",): 8,
    ("pruning",): 5,
}
TOPIC_MINIMUMS = {"data-quality": 30, "evaluation": 30}


def test_coverage_minimums(bank: LoadedBank) -> None:
    counts = Counter(q.topic for q in bank.questions)
    assert len(bank.questions) >= BANK_MINIMUM
    for topic in bank.topics:
        minimum = TOPIC_MINIMUMS.get(topic.id, TOPIC_MINIMUM)
        assert counts[topic.id] >= minimum, f"{topic.id}: {counts[topic.id]} questions, need {minimum}"
    for tags, minimum in TAG_MINIMUMS.items():
        found = sum(1 for q in bank.questions if set(tags) & set(q.tags))
        assert found >= minimum, f"questions tagged {' or '.join(tags)}: {found}, need {minimum}"


LESSON_SIZE = range(6, 13)  # a lesson is finished in one sitting (issue 16): 6 to 12 questions


def test_every_lesson_is_one_sitting(bank: LoadedBank) -> None:
    for topic in bank.topics:
        for lesson in topic.lessons:
            count = len(bank.questions_in(topic.id, lesson.id))
            assert count in LESSON_SIZE, f"{topic.id}/{lesson.id}: {count} questions, a lesson holds 6 to 12"


def test_every_exam_domain_is_covered(bank: LoadedBank) -> None:
    counts = Counter(q.domain for q in bank.questions)
    for domain, (title, _) in DOMAINS.items():
        assert counts[domain] >= DOMAIN_MINIMUM, f"{title}: {counts[domain]} questions, need {DOMAIN_MINIMUM}"


def test_a_full_exam_in_the_exams_proportions_runs_no_domain_dry(bank: LoadedBank) -> None:
    # The practice exam draws 60 questions split by the study guide's weights (exam-core.js `allocate`, largest
    # remainder). Each domain must hold at least its rounded-up share, so no share spills into other domains.
    counts = Counter(q.domain for q in bank.questions)
    total = sum(weight for _, weight in DOMAINS.values())
    for domain, (title, weight) in DOMAINS.items():
        share = -(-EXAM_SIZE * weight // total)  # ceiling
        assert counts[domain] >= share, f"{title}: {counts[domain]} questions for a share of {share} in {EXAM_SIZE}"
        # Twice over: a second exam need not repeat the first.
        assert counts[domain] >= 2 * share, f"{title}: too few for two different exams ({counts[domain]})"


def test_about_half_the_questions_are_multi_select(bank: LoadedBank) -> None:
    multi = sum(1 for q in bank.questions if q.select > 1) / len(bank.questions)
    assert 0.4 <= multi <= 0.6, f"{multi:.0%} of questions are multi-select"


def test_the_bank_passes_the_authoring_rules(bank: LoadedBank) -> None:
    # Titles, difficulty, four or five options, no "Choose N" in a stem, a primary source and no exam-prep site:
    # the rules `python -m guide check` applies (guide/bank/rules.py), with file, line and id for each.
    assert rules.problems(bank) == []


def test_surface_cues_give_a_test_wise_reader_nothing(bank: LoadedBank) -> None:
    """A reader who knows nothing of the subject, picking by length, echoed words, absolute or hedging words, odd
    form or punctuation, or 'also'/'both', must score within a few points of chance (either way)."""
    results = cues.measure(bank.questions)
    report = cues.report(results, len(bank.questions))
    assert len(results) == len(cues.CUES)
    for result in results:
        assert abs(result.advantage) <= cues.MAX_ADVANTAGE, report


def test_cue_measure_can_fail() -> None:
    # Negative control: a bank whose key is always the longest option must trip the length cue.
    question = Question.model_validate(
        {
            "id": "q",
            "topic": "t",
            "lesson": "l",
            "domain": "fine-tuning",
            "objectives": ["5.2"],
            "select": 1,
            "stem": "Which?",
            "options": [
                {"text": "A much longer and more careful answer", "correct": True, "explanation": "x"},
                {"text": "Short", "correct": False, "explanation": "x"},
                {"text": "Brief", "correct": False, "explanation": "x"},
                {"text": "Tiny", "correct": False, "explanation": "x"},
            ],
            "references": [{"title": "t", "url": "https://arxiv.org/abs/2106.09685"}],
        }
    )
    longest = next(r for r in cues.measure([question] * 10) if r.name == "longest option")
    assert longest.advantage == 75.0


def test_exam_style_mix(bank: LoadedBank) -> None:
    multi = [q for q in bank.questions if q.select > 1]
    assert len(multi) / len(bank.questions) >= 0.2


def _normal(text: str) -> str:
    return re.sub(r"\W+", " ", text.casefold()).strip()


def test_no_two_stems_are_near_identical(bank: LoadedBank) -> None:
    stems = [(q.id, _normal(q.stem)) for q in bank.questions]
    matcher = difflib.SequenceMatcher(None, autojunk=False)
    for index, (first_id, first) in enumerate(stems):
        # The matcher caches what it learns about its second sequence: set it once per stem, not once per pair.
        matcher.set_seq2(first)
        for second_id, second in stems[index + 1 :]:
            # Lengths alone bound the ratio (real_quick_ratio), at no cost: many pairs stop here.
            if 2 * min(len(first), len(second)) <= 0.85 * (len(first) + len(second)):
                continue
            matcher.set_seq1(second)
            if matcher.quick_ratio() > 0.85:
                assert matcher.ratio() <= 0.85, f"{first_id} and {second_id} have near-identical stems"


def _seed_wrong_options() -> list[str]:
    lines = (SEEDS / "002_495d4405a642ae89.txt").read_text(encoding="utf-8").splitlines()
    options = []
    for index, line in enumerate(lines):
        if line.startswith("Why it fails:"):
            previous = next(lines[i] for i in range(index - 1, -1, -1) if lines[i].strip())
            options.append(previous.strip())
    return options


def _seed_full_question() -> list[tuple[str, bool]]:
    lines = [line.strip() for line in (SEEDS / "000_e42340b7d3f41a4e.txt").read_text(encoding="utf-8").splitlines()]
    options = []
    for index, line in enumerate(lines):
        if line in {"• ✓", "• ✗"}:
            text = next(lines[i] for i in range(index + 1, len(lines)) if lines[i])
            options.append((text, line == "• ✓"))
    return options


def test_seed_parsers_find_every_seed_option() -> None:
    assert len(_seed_wrong_options()) == 58
    assert [correct for _, correct in _seed_full_question()] == [False, True, False, False, True]


def test_every_seed_option_is_in_the_bank_with_its_verdict(bank: LoadedBank) -> None:
    options = {option.text.strip(): (question, option) for question in bank.questions for option in question.options}
    for text in _seed_wrong_options():
        assert text in options, f"seed option missing from the bank (keep its text verbatim): {text!r}"
        question, option = options[text]
        assert not option.correct, f"{question.id}: seed option {text!r} is a wrong answer in the seed"
        assert "seed" in question.tags, f"{question.id}: tag questions reconstructed from seeds with `seed`"
    seed_questions = {options[text][0].id for text, _ in _seed_full_question()}
    assert len(seed_questions) == 1, "the full seed question must stay one question"
    for text, correct in _seed_full_question():
        assert options[text][1].correct is correct, text
    assert options[_seed_full_question()[0][0]][0].select == 2


def test_correct_answers_are_not_always_in_the_same_place(bank: LoadedBank) -> None:
    """Authors tend to write the right answer first; a learner should not be able to score by picking A."""
    single = [q.key[0] for q in bank.questions if q.select == 1]
    for position, count in Counter(single).items():
        assert count / len(single) <= 0.4, (
            f"{count} of {len(single)} single-answer keys are option {chr(65 + position)}"
        )
    everywhere = Counter(k for q in bank.questions for k in q.key)
    assert everywhere[0] / sum(everywhere.values()) <= 0.4


def _length_ranks(question: Question) -> tuple[int, ...]:
    """Each key's place when the options are sorted longest first (0 = longest)."""
    by_length = sorted(range(len(question.options)), key=lambda i: -len(question.options[i].text))
    return tuple(sorted(by_length.index(k) for k in question.key))


def test_length_does_not_give_the_answer_away(bank: LoadedBank) -> None:
    """No 'pick the longest' (or second-longest, or shortest) strategy should beat a fair share of the questions."""
    for select, limit in ((1, 0.35), (2, 0.30)):
        group = [q for q in bank.questions if q.select == select]
        counts = Counter(_length_ranks(q) for q in group)
        for ranks, count in counts.items():
            assert count / len(group) <= limit, (
                f"{count} of {len(group)} questions with select={select} have their keys at length ranks {ranks} "
                "(0 = longest option): vary how long the correct options are relative to the distractors"
            )


# ---------------------------------------------------------------- NVIDIA's blueprint (issue 27)

# How many objectives the study guide lists under each domain (r1, SEP25): 45 in all.
OBJECTIVES_PER_DOMAIN = {
    "llm-architecture": 6,
    "prompt-engineering": 4,
    "data-preparation": 3,
    "model-optimization": 7,
    "fine-tuning": 4,
    "evaluation": 4,
    "gpu-acceleration": 4,
    "model-deployment": 3,
    "production-monitoring": 5,
    "safety-ethics": 5,
}
# A few objectives in the study guide's exact words: the declarations are copied, not paraphrased.
VERBATIM = {
    "1.3": "Develop code to extract embeddings from both encoder and decoder models.",
    "4.4": "Conduct systematic hyperparameter tuning and distributed parameter search, including learning rate "
    "schedules and batch size adjustments.",
    "7.4": "Identify and address bottlenecks using CUDA profiling and troubleshoot memory and kernel efficiency "
    "issues.",
    "8.3": "Configure and manage serving (Kubernetes, ensemble workflows), implement live monitoring, and run models "
    "in Docker.",
    "10.5": "Implement guardrails to restrict undesired LLM responses.",
}
OBJECTIVE_MINIMUM = 4  # every objective is taught by at least this many questions
DOMAIN_RATIO = (0.9, 1.5)  # each domain's share of the bank against its exam weight
BLUEPRINT_EXAM = 65
BLUEPRINT_DRAWS = 5  # practice exams in the blueprint's proportions before any question repeats


def test_the_45_official_objectives_are_declared_in_order_with_their_wording(bank: LoadedBank) -> None:
    assert len(bank.objectives) == 45
    expected = [
        f"{number}.{k}"
        for number, domain in enumerate(DOMAINS, start=1)
        for k in range(1, OBJECTIVES_PER_DOMAIN[domain] + 1)
    ]
    assert [o.id for o in bank.objectives] == expected
    domains = list(DOMAINS)
    for objective in bank.objectives:
        assert domains[int(objective.id.split(".")[0]) - 1] == objective.domain, objective.id
        assert objective.text.endswith("."), objective.id
    texts = {o.id: o.text for o in bank.objectives}
    for objective_id, text in VERBATIM.items():
        assert texts[objective_id] == text


def test_every_objective_is_taught_by_enough_questions(bank: LoadedBank) -> None:
    counts = Counter(o for q in bank.questions for o in q.objectives)
    thin = {o.id: counts[o.id] for o in bank.objectives if counts[o.id] < OBJECTIVE_MINIMUM}
    assert not thin, f"objectives with fewer than {OBJECTIVE_MINIMUM} questions: {thin}"


def test_every_domain_is_near_its_exam_weight(bank: LoadedBank) -> None:
    counts = Counter(q.domain for q in bank.questions)
    total = len(bank.questions)
    low, high = DOMAIN_RATIO
    for domain, (title, weight) in DOMAINS.items():
        ratio = counts[domain] / (total * weight / 100)
        assert low <= ratio <= high, f"{title}: {counts[domain]} questions, {ratio:.2f} times its weight"


def blueprint_quota(weights: dict[str, int], size: int) -> dict[str, int]:
    """The practice exam's split of `size` questions by weight (exam-core.js `allocate` with every domain stocked):
    whole shares, then the remainder by largest fraction, ties to the heavier domain, then the id."""
    total = sum(weights.values())
    exact = {d: size * w / total for d, w in weights.items()}
    quota = {d: int(x) for d, x in exact.items()}
    order = sorted(weights, key=lambda d: (-(exact[d] - quota[d]), -weights[d], d))
    for d in order[: size - sum(quota.values())]:
        quota[d] += 1
    return quota


def test_five_blueprint_exams_of_65_need_no_repeat(bank: LoadedBank) -> None:
    counts = Counter(q.domain for q in bank.questions)
    quota = blueprint_quota({d: w for d, (_, w) in DOMAINS.items()}, BLUEPRINT_EXAM)
    assert sum(quota.values()) == BLUEPRINT_EXAM
    for domain, share in quota.items():
        need = BLUEPRINT_DRAWS * share
        assert counts[domain] >= need, f"{domain}: {counts[domain]} questions for {BLUEPRINT_DRAWS} exams of {share}"


def test_the_blueprint_quota_can_fail() -> None:
    # Negative control for the helper: 65 split 17:13 gives 37 and 28 (36.8 and 28.2 rounded by largest remainder).
    assert blueprint_quota({"a": 17, "b": 13}, 65) == {"a": 37, "b": 28}


def test_surface_cues_give_nothing_within_any_topic(bank: LoadedBank) -> None:
    """The test-wise reader stays at chance inside every topic, not only across the bank: absolutes or length can
    hide in one topic and cancel out in the total."""
    failures = []
    for topic in bank.topics:
        questions = bank.questions_for(topic.id)
        for result in cues.measure(questions):
            if abs(result.advantage) > cues.MAX_ADVANTAGE:
                failures.append(f"{topic.id}: {result.name} {result.advantage:+.1f}")
    assert not failures, failures


ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"]
NUMBERS = ["one", "two", "three", "four", "five", "six", "seven", "eight"]


def test_a_lesson_page_states_its_true_place_in_its_topic(bank: LoadedBank) -> None:
    # Lesson introductions say "lesson 2 of 3" or "the second of three": a lesson added to a topic must not leave
    # the others saying the old count.
    docs = Path(__file__).parent.parent / "docs/topics"
    wrong = []
    for topic in bank.topics:
        count = len(topic.lessons)
        for place, lesson in enumerate(topic.lessons):
            text = " ".join((docs / topic.id / f"{lesson.id}.md").read_text(encoding="utf-8").split())
            for said, of in re.findall(r"\blesson (\d+) of (\d+)\b", text):
                if (int(said), int(of)) != (place + 1, count):
                    wrong.append(f"{topic.id}/{lesson.id}: says lesson {said} of {of}, is {place + 1} of {count}")
            pattern = rf"\bthe ({'|'.join(ORDINALS)}|last) of ({'|'.join(NUMBERS)}) in \["
            for word, of in re.findall(pattern, text):
                right = word == ORDINALS[place] or (word == "last" and place == count - 1)
                if not right or NUMBERS.index(of) + 1 != count:
                    wrong.append(f"{topic.id}/{lesson.id}: says the {word} of {of}, is {place + 1} of {count}")
    assert not wrong, wrong
