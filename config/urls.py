from django.contrib import admin
from django.urls import include, path

from config import views
from promotion import views as promotion_views
from promotion import views_weekly

urlpatterns = [
    path("", views.home, name="home"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("healthz", views.healthz, name="healthz"),
    path("healthz/stream", views.healthz_stream, name="healthz-stream"),
    path("accounts/signup/", promotion_views.signup, name="signup"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("p/", include("promotion.urls")),
    path("p/", include("roster.urls")),
    path("p/", include("matches.urls")),
    path("p/", include("promotion.urls_weekly")),
    path("notices/", views_weekly.notices, name="notices"),
    path("notices/<int:pk>/", views_weekly.notice_open, name="notice-open"),
    path("admin/", admin.site.urls),
]

handler403 = "config.views.forbidden"
handler404 = "config.views.not_found"
handler500 = "config.views.server_error"
