"""deploy/kubernetes: every manifest valid against the Kubernetes schemas (kubernetes-validate ships them, so no
cluster is needed and a misspelt field fails here), and the pieces agree with each other and with the app: the
probes send a Host the app allows, the Service and the disruption budget select the Deployment's pods, the
Ingress keeps a page on its pod with the cookie HAProxy uses and keeps WebSockets open for hours."""

from __future__ import annotations

import copy

import pytest

from scripts.haproxy import COOKIE
from tests.browser.conftest import under_ci
from tests.conftest import ROOT

try:
    import kubernetes_validate
    import yaml
except ImportError:
    if under_ci():  # a missing test dependency fails in CI, never skips
        raise
    pytest.skip("kubernetes-validate is missing: scripts/setup --test installs it", allow_module_level=True)

FOLDER = ROOT / "deploy" / "kubernetes"
VERSION = kubernetes_validate.latest_version()  # the newest Kubernetes whose schemas the package ships


def manifests() -> dict[str, dict]:
    found = {}
    for path in sorted(FOLDER.glob("*.yaml")):
        for document in yaml.safe_load_all(path.read_text(encoding="utf-8")):
            found[document["kind"]] = document
    return found


def validate(document: dict) -> None:
    kubernetes_validate.validate(document, VERSION, strict=True)  # strict: a field the schema lacks is an error


def app_container(deployment: dict) -> dict:
    (container,) = deployment["spec"]["template"]["spec"]["containers"]
    return container


def env(container: dict) -> dict[str, str]:
    return {item["name"]: item.get("value") for item in container["env"]}


def test_the_folder_holds_a_deployment_service_ingress_and_disruption_budget():
    assert set(manifests()) == {"Deployment", "Service", "Ingress", "PodDisruptionBudget"}


@pytest.mark.parametrize("kind", ["Deployment", "Service", "Ingress", "PodDisruptionBudget"])
def test_each_manifest_is_valid_against_the_kubernetes_schema(kind):
    validate(manifests()[kind])


@pytest.mark.parametrize("change, says", [
    (lambda c: c.update(readinesProbe=c.pop("readinessProbe")), "readinesProbe"),
    (lambda c: c["ports"][0].update(containerPort="8501"), "8501"),
], ids=["misspelt-field", "port-as-text"])
def test_a_typo_fails_the_validation(change, says):
    deployment = copy.deepcopy(manifests()["Deployment"])
    change(app_container(deployment))
    with pytest.raises(kubernetes_validate.ValidationError, match=says):
        validate(deployment)


def test_every_probe_asks_the_health_check_with_a_host_the_app_allows():
    container = app_container(manifests()["Deployment"])
    allowed = env(container)["STREAMLIT_SERVER_ALLOWED_HOSTS"].split()
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        check = container[probe]["httpGet"]
        assert check["path"] == "/_stcore/health" and check["port"] == container["ports"][0]["name"], probe
        hosts = [h["value"] for h in check["httpHeaders"] if h["name"] == "Host"]
        assert len(hosts) == 1 and hosts[0] in allowed, (probe, hosts, allowed)


def test_the_app_listens_where_the_pod_says_and_shares_one_cookie_secret():
    container = app_container(manifests()["Deployment"])
    settings = env(container)
    assert settings["STREAMLIT_SERVER_ADDRESS"] == "0.0.0.0"
    assert int(settings["STREAMLIT_SERVER_PORT"]) == container["ports"][0]["containerPort"]
    secret = next(item for item in container["env"] if item["name"] == "STREAMLIT_SERVER_COOKIE_SECRET")
    assert "secretKeyRef" in secret["valueFrom"]  # from a Secret, the same in every pod, never in the manifest


def test_the_pods_run_as_the_images_own_user_and_are_replaced_one_at_a_time():
    deployment = manifests()["Deployment"]
    pod = deployment["spec"]["template"]["spec"]
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert f"--uid {pod['securityContext']['runAsUser']} " in (ROOT / "Containerfile").read_text()
    assert deployment["spec"]["strategy"]["rollingUpdate"]["maxUnavailable"] == 1
    assert deployment["spec"]["replicas"] >= 2


def test_the_service_and_the_budget_select_the_deployments_pods():
    found = manifests()
    labels = found["Deployment"]["spec"]["template"]["metadata"]["labels"]
    assert found["Deployment"]["spec"]["selector"]["matchLabels"].items() <= labels.items()
    assert found["Service"]["spec"]["selector"].items() <= labels.items()
    assert found["PodDisruptionBudget"]["spec"]["selector"]["matchLabels"].items() <= labels.items()
    assert found["PodDisruptionBudget"]["spec"]["maxUnavailable"] == 1
    assert found["Service"]["spec"]["ports"][0]["targetPort"] == app_container(found["Deployment"])["ports"][0]["name"]


def test_the_ingress_keeps_a_page_on_its_pod_and_its_websocket_open():
    found = manifests()
    ingress = found["Ingress"]
    notes = ingress["metadata"]["annotations"]
    assert notes["nginx.ingress.kubernetes.io/affinity"] == "cookie"
    assert notes["nginx.ingress.kubernetes.io/session-cookie-name"] == COOKIE
    assert notes["nginx.ingress.kubernetes.io/session-cookie-samesite"] == "Strict"
    for timeout in ("proxy-read-timeout", "proxy-send-timeout"):
        assert int(notes[f"nginx.ingress.kubernetes.io/{timeout}"]) >= 3600, timeout  # hours, as HAProxy's tunnel
    (rule,) = ingress["spec"]["rules"]
    backend = rule["http"]["paths"][0]["backend"]["service"]
    assert backend["name"] == found["Service"]["metadata"]["name"]
    assert backend["port"]["name"] == found["Service"]["spec"]["ports"][0]["name"]
    allowed = env(app_container(found["Deployment"]))["STREAMLIT_SERVER_ALLOWED_HOSTS"].split()
    assert rule["host"] in allowed  # the public name is one the app answers to
