#!/bin/sh
# deploy/compose.yaml's nginx: deploy/nginx/joinery.conf as it is, changed only by the texts its header
# names (as its test changes them): the compose's two shop processes upstream, the nginx image's cache
# folder, TLS on 443 with the certificate in /etc/nginx/certs, and SERVER_NAME. Plain HTTP on 80 only
# sends visitors to HTTPS. Then nginx runs in the foreground.
set -eu

conf=/etc/nginx/conf.d/joinery.conf
tls='listen 443 ssl; http2 on; ssl_certificate \/etc\/nginx\/certs\/fullchain.pem; ssl_certificate_key \/etc\/nginx\/certs\/privkey.pem;'
sed \
  -e 's/server 127\.0\.0\.1:3000;/server shop1:3000; server shop2:3000;/' \
  -e 's/\/var\/lib\/nginx\/joinery/\/var\/cache\/nginx\/joinery/' \
  -e "s/listen 80;/$tls/" \
  -e 's/listen \[::\]:80;/listen [::]:443 ssl;/' \
  -e "s/server_name shop\.example;/server_name $SERVER_NAME;/" \
  /etc/joinery/joinery.conf >"$conf"

# Each change must have been made: a joinery.conf whose texts changed fails here, not in production.
for expected in 'server shop2:3000;' '/var/cache/nginx/joinery' 'listen 443 ssl;' 'listen \[::\]:443 ssl;' "server_name $SERVER_NAME;"; do
  grep -q "$expected" "$conf" || { echo "compose-nginx.sh: joinery.conf no longer has the text to change for: $expected" >&2; exit 1; }
done

cat >/etc/nginx/conf.d/default.conf <<REDIRECT
server {
    listen 80 default_server;
    listen [::]:80 default_server;
    return 301 https://$SERVER_NAME\$request_uri;
}
REDIRECT

exec nginx -g 'daemon off;'
