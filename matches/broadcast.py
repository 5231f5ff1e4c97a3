"""Wake-ups on Redis pub/sub. The database is the source of truth: a message only says "look again"."""

import logging

from django.conf import settings

log = logging.getLogger("kayfabe.live")
_client = None


def match_channel(match_id):
    return f"{settings.KAYFABE_CHANNEL_PREFIX}:match:{match_id}"


def card_channel(card_id):
    return f"{settings.KAYFABE_CHANNEL_PREFIX}:card:{card_id}"


def _redis():
    global _client
    if settings.REDIS_URL is None:
        return None
    if _client is None:
        import redis

        _client = redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=2, socket_timeout=2)
    return _client


def _publish(channel, message):
    client = _redis()
    if client is None:
        return  # embedded mode: pages poll the database
    try:
        client.publish(channel, message)
    except Exception:  # noqa: BLE001 - a lost wake-up costs latency, never correctness
        log.warning("could not publish to %s", channel)


def publish_match(match_id, seq):
    _publish(match_channel(match_id), str(seq))


def publish_card(card_id):
    _publish(card_channel(card_id), "changed")
