# Sourced by the classroom's end-to-end scripts: the URI of a class database for a member.
# uri_as LOGIN PASSWORD [BASE]: BASE's URI (the class's admin URI, $admin, by default) with its user and
# password replaced by LOGIN and PASSWORD.
uri_as() {
    local login=$1 password=$2 base=${3:-$admin}
    [[ $base =~ ^postgresql://[^@/]*@(.*)$ ]] || fail "not a postgresql://USER@… URI: $base"
    echo "postgresql://$login:$password@${BASH_REMATCH[1]}"
}
