// A value held on the heap that copies and compares as the value itself: for a large member of a rare
// alternative of a variant that is held by the million, so the variant stays as small as its common ones.
#pragma once

#include <memory>
#include <utility>

namespace ttt {

template <class T>
class Boxed {
public:
    Boxed() : m_value(std::make_unique<T>()) {}
    // Implicit, so a Boxed<T> member is built from a T as the member itself would be.
    Boxed(T value) : m_value(std::make_unique<T>(std::move(value))) {}  // NOLINT(google-explicit-constructor)
    Boxed(const Boxed& other) : m_value(other.m_value ? std::make_unique<T>(*other.m_value) : nullptr) {}
    Boxed(Boxed&&) noexcept = default;  // the moved-from box is empty: assign it before reading it again
    Boxed& operator=(const Boxed& other) {
        if (this != &other) m_value = other.m_value ? std::make_unique<T>(*other.m_value) : nullptr;
        return *this;
    }
    Boxed& operator=(Boxed&&) noexcept = default;
    ~Boxed() = default;

    [[nodiscard]] const T& operator*() const noexcept { return *m_value; }
    [[nodiscard]] T& operator*() noexcept { return *m_value; }
    [[nodiscard]] const T* operator->() const noexcept { return m_value.get(); }
    [[nodiscard]] T* operator->() noexcept { return m_value.get(); }

    friend bool operator==(const Boxed& a, const Boxed& b) {
        if (!a.m_value || !b.m_value) return !a.m_value && !b.m_value;
        return *a.m_value == *b.m_value;
    }

private:
    std::unique_ptr<T> m_value;
};

}  // namespace ttt
