#!/usr/bin/env bash
# A Gomocup brain that starts as a brain should, says its name, and dies (status 3) when asked for its first
# move: the tournament's forfeit by crash.
while IFS= read -r line; do
    line=${line%$'\r'}
    case "$line" in
    START*|RECTSTART*|RESTART*) echo OK ;;
    ABOUT) echo 'name="dying brain", version="1"' ;;
    BEGIN*|TURN*|BOARD*) exit 3 ;;
    END*) exit 0 ;;
    esac
done
