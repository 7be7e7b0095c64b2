// A class on one PostgreSQL log: its schema, a group role for teachers and one for students, the
// privileges and row-level security that let a student write only to games they play, and a login
// role for each member.
#pragma once

#include "tictactrace/base/result.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ttt::store {

// Each class has a teacher group and a student group of its own, named after its database
// ("ttt_class7b_teacher"): roles are the server's, shared by its databases, so a group for the whole
// server would make a teacher of one class a teacher of every class. A member may connect only to the
// databases of the classes they were added to.

enum class ClassRole : int { Teacher = 0, Student = 1 };

// Why `name` cannot be a member's login (it is the player's name in every game they play, so it must be
// typed the same way every time), or nothing: 1 to 63 characters of a-z, 0-9 and _, starting with a
// letter, and not one of the server's or our own reserved names.
[[nodiscard]] Result<void, std::string> check_member_name(std::string_view name);

// Makes (or brings up to date) the log's schema, the two group roles, their privileges and the row
// policies, in the database `uri` names; run it as the database's owner with the right to create roles.
// Running it again changes nothing. Throws StorageError.
void classroom_init(const std::string& uri);

struct NewMember {
    std::string name;
    // The password made for the login, to be printed once; nullopt when the login authenticates
    // another way (peer or certificate, as the server's pg_hba.conf says) or already existed.
    std::optional<std::string> password;
    bool existed = false;  // a login of that name was there already and only joined the class
    // The URI the member logs in with, for the board or a handout: postgresql://NAME@HOST[:PORT]/DB, with
    // no password in it.
    std::string join;
};

// Why the class will not take a member, in a sentence: a name check_member_name refuses, or a name
// already in this class. The request's fault, not the server's: nothing was changed.
struct MemberRefused {
    std::string message;
};

// Adds a member to the class: a login role (with a fresh random password unless `with_password` is
// false) that may connect to this database, in the teachers' or the students' group; or, changing
// nothing, why the class refuses that name (MemberRefused). Throws StorageError.
// `host`: the name the members' machines reach the server by, for NewMember::join; empty for the host
// of `uri`, or this machine's name when `uri` goes through a local socket.
[[nodiscard]] Result<NewMember, MemberRefused> classroom_add(const std::string& uri, std::string_view name,
                                                             ClassRole role, bool with_password,
                                                             std::string_view host = {});

struct ClassMember {
    std::string name;
    ClassRole role = ClassRole::Student;
    bool can_log_in = true;
    std::int64_t games = 0;    // games they play, either side
    std::int64_t playing = 0;  // of which still being played
};

struct ClassList {
    std::string name;   // the class: its database's name
    std::string owner;  // the database's owner: the class's first teacher
    std::vector<ClassMember> members;
};

// Everyone in this class, teachers first, each by name.
[[nodiscard]] ClassList classroom_list(const std::string& uri);

}  // namespace ttt::store
