"""How a claimed match waits out a database outage (services._through_outage), step by step; the real thing, a
Postgres restart under a running card, is test_faults_postgres.py."""

import pytest
from django.db import InterfaceError, OperationalError

from matches import worker

pytestmark = pytest.mark.fault


class Outage:
    """A database step that fails ``failures`` times as an outage would, then answers."""

    def __init__(self, failures, error=OperationalError):
        self.failures, self.error, self.calls = failures, error, 0

    def __call__(self, value):
        self.calls += 1
        if self.calls <= self.failures:
            raise self.error("terminating connection due to administrator command")
        return value


@pytest.mark.parametrize("error", [OperationalError, InterfaceError])
def test_a_step_is_tried_again_until_the_database_answers(error):
    step, pauses = Outage(4, error), []
    assert worker.through_outage(step, "stored", pause=pauses.append) == "stored"
    assert step.calls == 5
    assert pauses == [0.2, 0.4, 0.8, 1.6]  # doubling, at most 2 s apart


def test_it_gives_up_after_the_longest_outage_it_rides_out(settings):
    settings.KAYFABE_DB_OUTAGE_SECONDS = 0
    step = Outage(1)
    with pytest.raises(OperationalError):
        worker.through_outage(step, "stored", pause=lambda s: None)
    assert step.calls == 1


def test_other_errors_are_not_mistaken_for_an_outage():
    def broken(_):
        raise ValueError("a bug, not an outage")

    with pytest.raises(ValueError):
        worker.through_outage(broken, None, pause=lambda s: pytest.fail("no retry"))
