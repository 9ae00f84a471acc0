"""Seed groups: the games of a duplicate-mode tournament round, dealt one seed, are looked up
by the ``seed_group`` of their set-up's link (service/games/seed_groups.py) on every read of
such a game, so that group gets an index (partial: other games have none).

Games created before this revision for tables of duplicate rounds are given their group:
the games of one tournament that share their seed.

Revision ID: 0005
Revises: 0004
"""

from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
    CREATE INDEX streams_by_seed_group ON streams ((setup -> 'link' ->> 'seed_group'))
        WHERE setup -> 'link' ->> 'seed_group' IS NOT NULL;
    UPDATE streams g
       SET setup = jsonb_set(g.setup, '{link,seed_group}', to_jsonb(substr(encode(
               sha256(convert_to(tg.stream_id::text || ':' || s.seed, 'UTF8')), 'hex'), 1, 32)))
      FROM tournament_games tg JOIN secrets s ON s.stream_id = tg.game_id
     WHERE g.id = tg.game_id
       AND jsonb_typeof(g.setup -> 'link') = 'object'
       AND NOT (g.setup -> 'link' ? 'seed_group')
       AND EXISTS (
           SELECT 1 FROM tournament_games other JOIN secrets os ON os.stream_id = other.game_id
            WHERE other.stream_id = tg.stream_id AND other.game_id <> tg.game_id
              AND os.seed = s.seed);
    """
    )


def downgrade() -> None:
    op.execute("DROP INDEX streams_by_seed_group")
