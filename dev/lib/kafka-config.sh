# shellcheck shell=bash
# The Kafka broker's settings, one template for the local stack (dev/up.sh) and docker-compose
# (dev/compose/kafka.sh): dev/kafka/broker.properties for the broker, dev/kafka/admin.properties for
# the admin's command-line tools. Each caller sets what differs (addresses, ports, data directory)
# and the admin's password, and writes its own file with kafka_render_template. Plain bash: the
# broker's image has no envsubst. ops/kafka/test_broker_config.sh checks both callers' results.

# Prints <template> with each ${NAME} in it replaced by the value of the shell variable NAME, taken
# as it is (no other expansion: a password may hold any character). Fails, naming it, when a NAME
# is not set; an empty value is a value.
kafka_render_template() {
    local template=$1 line out name placeholder re='[$][{]([A-Za-z_][A-Za-z0-9_]*)[}]'
    while IFS= read -r line || [[ -n $line ]]; do
        out=""
        while [[ $line =~ $re ]]; do
            placeholder=${BASH_REMATCH[0]} name=${BASH_REMATCH[1]}
            if [[ ! -v $name ]]; then
                echo "kafka_render_template: $template needs $name, which is not set" >&2
                return 1
            fi
            out+=${line%%"$placeholder"*}${!name}
            line=${line#*"$placeholder"}
        done
        printf '%s\n' "$out$line"
    done <"$template"
}
