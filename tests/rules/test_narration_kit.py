"""The shared commentary kit: deterministic choice, repetition avoidance, names, team names."""

from rules.narration_kit import Person, Picker, a_an, distinct, mix, short_names, team_name, template_key


def test_mix_is_a_stable_function_of_seed_seq_and_salt():
    assert mix(7, 3, "bell") == mix(7, 3, "bell")
    assert len({mix(7, seq, "bell") for seq in range(200)}) > 190
    assert mix(7, 3, "bell") != mix(8, 3, "bell") and mix(7, 3, "bell") != mix(7, 3, "result")
    assert mix(None, 0) == mix(0, 0)


def test_the_picker_skips_the_templates_of_the_last_three_lines():
    options = ("a", "b", "c", "d", "e")
    picker = Picker(seed=1)
    history = []
    for seq in range(200):
        choice = picker.pick("k", options, seq)
        assert choice not in history[-3:]
        picker.used(choice)
        history.append(choice)
    assert set(history) == set(options)


def test_a_tag_team_is_named_by_its_team_name_or_by_both_wrestlers():
    a, b = Person("Rick Steel", 0), Person("Lady Vendetta", 1, "she")
    assert team_name([a, b], "The Steel Curtain") == "The Steel Curtain"
    assert team_name([a, b]) == "Rick Steel and Lady Vendetta"
    assert team_name(["X", "Y", "Z"]) == "X, Y and Z"
    assert team_name([a]) == "Rick Steel"


def test_short_names_are_used_only_when_they_tell_the_wrestlers_apart():
    assert short_names(["Hacksaw Harlan", "Macho Rude"]) == ["Harlan", "Rude"]
    assert short_names(["Iron Rude", "Macho Rude"]) == ["Iron Rude", "Macho Rude"]
    assert short_names(["Hacksaw Kid", "Big Rude"]) == ["Hacksaw Kid", "Rude"]
    assert distinct(["Big Vachon", "Big Vachon"]) == ["Big Vachon (A)", "Big Vachon (B)"]


def test_articles_and_template_keys():
    assert (a_an("Armbar"), a_an("Suplex"), a_an("8-count")) == ("an Armbar", "a Suplex", "an 8-count")
    key = template_key("Harlan hits a DDT on Rude (12 HP).", ["Harlan", "Rude", "DDT"])
    assert key == "~ hits a ~ on ~ (# HP)."
