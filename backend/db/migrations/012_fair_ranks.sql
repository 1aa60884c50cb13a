-- Fair ranks (members level on points and Wilson share a position: 1, 2, 2, 4) change how the
-- stored standings are computed, not what they are computed from: every stored set is marked for
-- its next read, which recomputes it with core/domain/classification as it is now.
update standings_sets set dirty = true, dirty_tx = null;
