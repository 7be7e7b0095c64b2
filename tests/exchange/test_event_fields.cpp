// Every event type, whatever it is, through every writer that reads its field list: the log's payload and
// each archive kind give back the event they were given. The samples are made from the field lists too,
// so a new event type is covered the day it is added to the Event variant.
#include "tictactrace/engine/events.hpp"
#include "tictactrace/exchange/archive.hpp"
#include "tictactrace/store/event_codec.hpp"

#include <doctest/doctest.h>

#include <string>
#include <type_traits>
#include <vector>

namespace ttt::exchange {

namespace {

// Gives every field a value other than its default, by the field's kind alone. `archive` leaves alone
// what only the log holds (an archive's record carries it instead).
struct Filler {
    bool archive = false;

    template <class T>
    void operator()(const FieldInfo& f, T& value) const {
        if (archive && f.log_only) return;
        if constexpr (std::is_same_v<T, Rules>) {
            value = Rules::gomoku();
        } else if constexpr (std::is_same_v<T, std::string>) {
            value = std::string("the ") + f.name + " \"quoted\" \\ é";
        } else if constexpr (std::is_same_v<T, Player>) {
            value = Player::O;
        } else if constexpr (std::is_same_v<T, Pos>) {
            value = Pos{2, 5};
        } else if constexpr (std::is_same_v<T, std::int64_t>) {
            value = 1234567890123;
        } else if constexpr (std::is_same_v<T, int>) {
            value = 7;
        } else if constexpr (NamedEnum<T>) {
            // The first named value after the default.
            for (int k = 1; k < 16; ++k) {
                const T candidate = static_cast<T>(k);
                if (value_from_name(name_of(candidate), T{}) == candidate) {
                    value = candidate;
                    break;
                }
            }
        } else if constexpr (std::is_same_v<T, std::optional<Player>>) {
            value = Player::X;
        } else if constexpr (std::is_same_v<T, SetUp>) {
            value = SetUp{{{0, 0}, {1, 1}}, {{2, 2}}, Player::O};
        } else if constexpr (std::is_same_v<T, Boxed<Annotation>>) {
            // Every member of an annotation and of its shapes.
            Annotation& a = *value;
            a.comment = "an open three\n\"quoted\" \\ é";
            a.glyph = Glyph::Interesting;
            a.judgement = Judgement::OWinning;
            a.shapes.push_back(Shape{ShapeKind::Arrow, {0, 1}, Pos{3, 4}, ShapeColour::Red, ""});
            a.shapes.push_back(Shape{ShapeKind::Label, {2, 2}, std::nullopt, ShapeColour::Blue, "A"});
            a.shapes.push_back(Shape{ShapeKind::Triangle, {6, 7}, std::nullopt, ShapeColour::Yellow, ""});
            a.kept.push_back(KeptProperty{"KM", {"6.5"}});
            a.kept.push_back(KeptProperty{"5A", {"gg", "a\\]b \"q\" é\nline"}});
        } else {
            static_assert(!sizeof(T), "a field kind this test does not fill");
        }
    }
    template <class S>
    void operator()(const FieldInfo&, ForkPointOf<S> point) const {
        point.start.from_game = 42;
        point.start.at = 3;
    }
};

template <class E>
E sample(bool archive) {
    E event{};
    for_each_field(event, Filler{archive});
    return event;
}

void check_payload(const Event& event) {
    const std::string payload = store::encode_payload(event);
    CAPTURE(payload);
    const auto back = store::decode_event(type_name_of(event), type_version_of(event), payload);
    REQUIRE_MESSAGE(back.has_value(), back.error());
    CHECK(back.value() == event);
}

void check_archives(const Event& event) {
    GameRecord game;
    game.rules = Rules::gomoku();
    game.x_name = "Ann";
    game.o_name = "Bob";
    game.events = {RecordedEvent{event, 1'700'000'000'000}};
    for (const Format format : {Format::Json, Format::Xml, Format::Binary}) {
        CAPTURE(static_cast<int>(format));
        const std::string bytes = write_archive(std::vector<GameRecord>{game}, format);
        const auto read = read_archive(bytes, format);
        REQUIRE_MESSAGE(read.has_value(), read.error().describe());
        const auto& games = read.value();
        REQUIRE(games.size() == 1);
        CHECK(games.front().events == game.events);
    }
}

}  // namespace

TEST_CASE("every event type's field list round trips through the log's payload and every archive") {
    int types = 0;
    for_each_alternative<Event>([&types]<class E>(std::type_identity<E>) {
        ++types;
        const std::string type = E::kType;
        CAPTURE(type);
        int fields = 0;
        const E defaults{};
        for_each_field(defaults, [&fields](const FieldInfo&, const auto&) { ++fields; });
        CHECK(fields > 0);
        // Every field filled: a writer that dropped one would not give the same event back.
        const E full = sample<E>(false);
        CHECK(full != E{});
        check_payload(full);
        check_archives(sample<E>(true));
        // And every field at its default (a draw, no fork point, no opening rule).
        check_payload(E{});
        check_archives(E{});
    });
    CHECK(types == static_cast<int>(std::variant_size_v<Event>));
}

TEST_CASE("every event type has a type name of its own") {
    std::vector<std::string> names;
    for_each_alternative<Event>([&names]<class E>(std::type_identity<E>) {
        const std::string name = E::kType;
        CHECK(type_name_of(Event{E{}}) == name);
        for (const std::string& other : names) CHECK(other != name);
        names.push_back(name);
    });
    CHECK(names.size() == std::variant_size_v<Event>);
}

}  // namespace ttt::exchange
