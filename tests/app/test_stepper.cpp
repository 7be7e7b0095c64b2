// The explainers' shared stepper on its own: a count of steps, moving within them (skipping what the
// owner says to skip), and playing at a speed.
#include "model/stepper.hpp"

#include <doctest/doctest.h>

using ttt::app::Stepper;

TEST_CASE("stepper: moves within its count, and keeps its step when the count changes") {
    Stepper s;
    CHECK(s.count() == 0);
    CHECK(s.index() == 0);
    CHECK(s.at_first());
    CHECK(s.at_last());
    s.next();  // nothing to move to
    CHECK(s.index() == 0);

    s.set_count(5);
    CHECK(s.at_first());
    CHECK_FALSE(s.at_last());
    s.next();
    s.next();
    CHECK(s.index() == 2);
    s.prev();
    CHECK(s.index() == 1);
    s.last();
    CHECK(s.index() == 4);
    CHECK(s.at_last());
    s.next();  // never past the last
    CHECK(s.index() == 4);
    s.first();
    s.prev();  // nor before the first
    CHECK(s.index() == 0);
    s.go_to(99);
    CHECK(s.index() == 4);
    s.go_to(-3);
    CHECK(s.index() == 0);

    s.go_to(3);
    s.set_count(10);  // more steps: the step stays
    CHECK(s.index() == 3);
    s.set_count(2);  // fewer: the last one there is
    CHECK(s.index() == 1);
    s.set_count(0);
    CHECK(s.index() == 0);
}

TEST_CASE("stepper: next and prev pass over the steps the owner skips, never past the ends") {
    Stepper s;
    s.set_count(8);
    const auto odd = [](int i) { return i % 2 == 1; };
    s.next(odd);
    CHECK(s.index() == 2);
    s.next(odd);
    CHECK(s.index() == 4);
    s.prev(odd);
    CHECK(s.index() == 2);
    s.go_to(6);
    s.next(odd);  // 7 is skipped but is the last: it is where next stops
    CHECK(s.index() == 7);
    s.go_to(2);
    s.prev(odd);
    CHECK(s.index() == 0);
    const auto all = [](int) { return true; };
    s.next(all);
    CHECK(s.index() == 7);
    s.prev(all);
    CHECK(s.index() == 0);
}

TEST_CASE("stepper: plays at its speed, keeps the fraction, and stops at the last step") {
    Stepper s;
    s.set_count(6);
    CHECK_FALSE(s.tick(1.0));  // not playing: nothing moves
    CHECK(s.speed() == 3.0);
    s.set_speed(2.0);
    s.play();
    CHECK(s.playing());
    CHECK_FALSE(s.tick(0.25));  // half a step
    CHECK(s.tick(0.25));        // the other half
    CHECK(s.index() == 1);
    CHECK(s.tick(1.0));
    CHECK(s.index() == 3);
    CHECK_FALSE(s.tick(0));
    CHECK_FALSE(s.tick(-1));
    s.pause();
    CHECK_FALSE(s.playing());
    CHECK_FALSE(s.tick(5));
    s.toggle_play();
    CHECK(s.playing());
    CHECK(s.tick(100));  // runs to the end and stops there
    CHECK(s.index() == 5);
    CHECK_FALSE(s.playing());
    s.play();  // from the last step, playing starts over
    CHECK(s.index() == 0);
    CHECK(s.playing());
    s.last();  // the last step stops playing
    CHECK_FALSE(s.playing());

    // Speeds are kept within 0.25 and 60 steps a second.
    s.set_speed(1000);
    CHECK(s.speed() == 60.0);
    s.set_speed(0);
    CHECK(s.speed() == 0.25);

    // A fraction gathered is dropped by a jump: go_to starts the count afresh.
    s.set_speed(1.0);
    s.play();
    CHECK_FALSE(s.tick(0.75));
    s.go_to(2);
    CHECK_FALSE(s.tick(0.5));
    CHECK(s.index() == 2);
    CHECK(s.tick(0.5));
    CHECK(s.index() == 3);
}

TEST_CASE("stepper: a single step, or none, does not play, and playing skips as next does") {
    Stepper one;
    one.set_count(1);
    one.play();
    CHECK_FALSE(one.playing());
    Stepper none;
    none.play();
    CHECK_FALSE(none.playing());

    Stepper s;
    s.set_count(7);
    s.set_speed(1.0);
    s.play();
    const auto odd = [](int i) { return i % 2 == 1; };
    CHECK(s.tick(1.0, odd));
    CHECK(s.index() == 2);
    CHECK(s.tick(2.0, odd));
    CHECK(s.index() == 6);
    CHECK_FALSE(s.playing());
}
