"""Board images for both games: pure functions from an engine view to PNG bytes.

    from renderer import alcazar, alcazar1978, hand, results
    alcazar.board(view, names=names)        # Alcazar (2009), public view only
    hand.hand(own_view, names=names)        # one player's private hand (DM / ephemeral)
    alcazar1978.board(view, names=names)    # Alcazar (1978)
    results.results(view, names=names)      # final scores / verdict, both games

``names`` is a list by seat or a mapping seat -> display name; without it
players are called by their colour. Nothing here touches Discord or storage.

Speed: whatever does not change during a game is drawn once and kept
(``lru_cache``): backgrounds, sprites, rounded boxes and rendered text
(``cached_draw.Draw``), each keyed by every option its pixels depend on (a
cache of something with words in it must be keyed by the language too). PNGs
map onto a fixed palette per image kind (``palette``) and are written by
``png``. ``renderer.warm`` builds all of it once per worker process.
"""
