// The one shape of "a value, or why not": every layer returns Result<T, E> where a call can fail in a way its
// caller is expected to handle, with E a typed error of that layer (a MoveError, a StorageError, a
// SpawnError) or, where one sentence is all a caller ever does with it, a std::string.
//
// A small std::expected (which C++20 does not have): it holds exactly one of the two, says which, and hands
// out the value only when there is one. Failing is spelled `return ttt::base::fail(error);` so that a
// function whose T and E are the same type (a text, or why there is none) still reads unambiguously.
// Exceptions stay for what a caller cannot handle (a broken store, no memory) and never cross a layer's
// boundary as a value.
#pragma once

#include <cassert>
#include <optional>
#include <type_traits>
#include <utility>
#include <variant>

namespace ttt::base {

// The error half on its way into a Result (what std::unexpected is to std::expected).
template <class E>
struct Failure {
    E error;
};

template <class E>
[[nodiscard]] Failure<std::decay_t<E>> fail(E&& error) {
    return Failure<std::decay_t<E>>{std::forward<E>(error)};
}

template <class T, class E>
class [[nodiscard]] Result {
public:
    using value_type = T;
    using error_type = E;

    // A value converts implicitly, so `return value;` reads as success. An error's own type never does
    // (unless it is the value's type too): `return why;` where fail(why) was meant does not compile.
    template <class U = T,
              std::enable_if_t<std::is_constructible_v<T, U&&> && !std::is_same_v<std::decay_t<U>, Result> &&
                                   !std::is_same_v<std::decay_t<U>, Failure<E>> &&
                                   (std::is_same_v<T, E> || !std::is_same_v<std::decay_t<U>, E>),
                               int> = 0>
    Result(U&& value)
        : m_held(std::in_place_index<0>, std::forward<U>(value)) {}  // NOLINT(google-explicit-constructor)

    template <class G, std::enable_if_t<std::is_constructible_v<E, G&&>, int> = 0>
    Result(Failure<G> failure) : m_held(std::in_place_index<1>, std::move(failure.error)) {}  // NOLINT(google-explicit-constructor)

    [[nodiscard]] bool has_value() const noexcept { return m_held.index() == 0; }
    explicit operator bool() const noexcept { return has_value(); }

    // The value; only when there is one.
    [[nodiscard]] T& value() & {
        assert(has_value());
        return *std::get_if<0>(&m_held);
    }
    [[nodiscard]] const T& value() const& {
        assert(has_value());
        return *std::get_if<0>(&m_held);
    }
    [[nodiscard]] T&& value() && {
        assert(has_value());
        return std::move(*std::get_if<0>(&m_held));
    }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    T&& operator*() && { return std::move(*this).value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }

    // Why there is no value; only when there is none.
    [[nodiscard]] E& error() & {
        assert(!has_value());
        return *std::get_if<1>(&m_held);
    }
    [[nodiscard]] const E& error() const& {
        assert(!has_value());
        return *std::get_if<1>(&m_held);
    }
    [[nodiscard]] E&& error() && {
        assert(!has_value());
        return std::move(*std::get_if<1>(&m_held));
    }

    // The value, or `fallback` when there is none.
    template <class U>
    [[nodiscard]] T value_or(U&& fallback) const& {
        return has_value() ? value() : static_cast<T>(std::forward<U>(fallback));
    }

    // Equal to a value when it holds one equal to it (as std::expected compares with a T).
    template <class U, std::enable_if_t<!std::is_same_v<std::decay_t<U>, Result>, int> = 0>
    [[nodiscard]] friend bool operator==(const Result& result, const U& other) {
        return result.has_value() && result.value() == other;
    }

private:
    std::variant<T, E> m_held;
};

// Success with nothing to give, or why not: what a "returns the reason, or nothing" function returns.
template <class E>
class [[nodiscard]] Result<void, E> {
public:
    using value_type = void;
    using error_type = E;

    Result() = default;
    template <class G, std::enable_if_t<std::is_constructible_v<E, G&&>, int> = 0>
    Result(Failure<G> failure) : m_error(std::in_place, std::move(failure.error)) {}  // NOLINT(google-explicit-constructor)

    [[nodiscard]] bool has_value() const noexcept { return !m_error.has_value(); }
    explicit operator bool() const noexcept { return has_value(); }

    [[nodiscard]] const E& error() const& {
        assert(!has_value());
        return *m_error;
    }
    [[nodiscard]] E&& error() && {
        assert(!has_value());
        return std::move(*m_error);
    }

private:
    std::optional<E> m_error;
};

// Whether `result` failed with a K: its error type itself, or one alternative of an error that is a
// std::variant of several (an append refused by a Conflict or by a Rejection).
template <class K, class T, class E>
[[nodiscard]] bool failed_with(const Result<T, E>& result) {
    if (result.has_value()) return false;
    if constexpr (std::is_same_v<K, E>)
        return true;
    else
        return std::holds_alternative<K>(result.error());
}

// The success of a Result<void, E>.
template <class E>
[[nodiscard]] Result<void, E> ok() {
    return {};
}

}  // namespace ttt::base

namespace ttt {
using base::fail;
using base::failed_with;
using base::Result;
}  // namespace ttt
